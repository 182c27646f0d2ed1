// Builds the engine's WebAssembly and the web app when they are missing or older than their
// sources, so that `npm start` and `npm run bench` work on a fresh clone without a build step.
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

const web = 'dist/web/index.html';
const webSources = Math.max(newestSource('web/src'), statSync('web/index.html').mtimeMs, newestSource('engine/src'), newestSource('shared'), statSync(wasm).mtimeMs, statSync('vite.config.ts').mtimeMs);
if (process.argv.includes('--web') && (!existsSync(web) || statSync(web).mtimeMs < webSources)) {
  console.log('Building the web app (Vite)...');
  // A production bundle even when called from a test runner (which sets NODE_ENV=test).
  execSync('npm run build:web', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
