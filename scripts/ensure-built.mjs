// Builds the engine's WebAssembly when it is missing or older than its sources, so that
// `npm start` and `npm run bench` work on a fresh clone without a separate build step.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const wasm = 'engine/build/release.wasm';

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs;
    newest = Math.max(newest, time);
  }
  return newest;
}

if (!existsSync(wasm) || statSync(wasm).mtimeMs < newestSource('engine/assembly')) {
  console.log('Building the engine (AssemblyScript -> WebAssembly)...');
  execSync('npm run build:engine', { stdio: 'inherit' });
}
