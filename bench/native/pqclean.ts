/**
 * Obtains PQClean's portable ML-DSA-65 ("clean") C sources and compiles them with our timing
 * harness. The sources come from the npm package `pqclean`, which ships PQClean's tree for its
 * native addon; only the ML-DSA-65 clean folder and PQClean's common/ (Keccak, randombytes) are
 * extracted. Everything lands in bench/.native/ (gitignored): their source is never committed,
 * and a second run reuses the build.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** Pinned, so the bar does not move under us: pqclean 0.8.1 ships PQClean's ML-DSA (FIPS 204) code. */
export const PQCLEAN_PACKAGE = 'pqclean@0.8.1';

const WORK = fileURLToPath(new URL('../.native/', import.meta.url));
const HARNESS = fileURLToPath(new URL('./harness.c', import.meta.url));
const SOURCES = join(WORK, 'pqclean-0.8.1');
const TREE = join(SOURCES, 'package/deps/PQClean');
const CLEAN = join(TREE, 'crypto_sign/ml-dsa-65/clean');
const COMMON = join(TREE, 'common');
const BINARY = join(WORK, 'mldsa65-clean-bench');

/** PQClean's own Makefile flags for this scheme (-O3 -std=c99), nothing machine-specific: the bar is the portable C. */
export const CFLAGS = ['-O3', '-std=c99'];

function run(command: string, args: string[], what: string, cwd = WORK): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new Error(`${what} failed (${command} ${args.join(' ')}):\n${detail}`, { cause: error });
  }
}

function fetchSources(): void {
  mkdirSync(WORK, { recursive: true });
  const packed = JSON.parse(run('npm', ['pack', PQCLEAN_PACKAGE, '--json', '--pack-destination', WORK], `fetching ${PQCLEAN_PACKAGE} from the npm registry`));
  const tarball = join(WORK, packed[0].filename as string);
  rmSync(SOURCES, { recursive: true, force: true });
  mkdirSync(SOURCES, { recursive: true });
  const wanted = ['package/deps/PQClean/common', 'package/deps/PQClean/crypto_sign/ml-dsa-65/clean'];
  run('tar', ['-xzf', tarball, '-C', SOURCES, ...wanted], `unpacking ${tarball}`);
  rmSync(tarball);
}

function newer(a: string, b: string): boolean {
  return statSync(a).mtimeMs > statSync(b).mtimeMs;
}

/** Returns the path of the compiled harness, fetching and compiling only what is missing or stale. */
export function buildNativeBench(): string {
  if (existsSync(BINARY) && !newer(HARNESS, BINARY)) return BINARY;
  run('gcc', ['--version'], 'the native suite compiles C with gcc; looking for gcc', process.cwd());
  if (!existsSync(join(CLEAN, 'api.h'))) fetchSources();
  const sources = readdirSync(CLEAN)
    .filter((name) => name.endsWith('.c'))
    .map((name) => join(CLEAN, name));
  // Of common/, ML-DSA needs only the Keccak code and the OS randomness source.
  sources.push(join(COMMON, 'fips202.c'), join(COMMON, 'randombytes.c'), HARNESS);
  run('gcc', [...CFLAGS, `-I${CLEAN}`, `-I${COMMON}`, '-o', BINARY, ...sources], 'compiling PQClean ML-DSA-65 clean');
  return BINARY;
}

export interface NativeFigure {
  op: 'keygen' | 'sign' | 'verify';
  opsPerSec: number;
  spread: number;
  calls: number;
}

/** Runs the compiled harness with the given budget; it prints one JSON line per operation. */
export function runNativeBench(binary: string, warmupMs: number, roundMs: number, rounds: number): NativeFigure[] {
  const output = run(binary, [String(warmupMs), String(roundMs), String(rounds)], 'running the PQClean harness', process.cwd());
  return output
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as NativeFigure);
}

export function gccVersion(): string {
  return run('gcc', ['-dumpfullversion'], 'asking gcc its version', process.cwd()).trim();
}
