/**
 * Obtains PQClean's portable ML-DSA-65 ("clean") C sources and compiles them with our timing
 * harness. The sources come from the npm package `pqclean`, which ships PQClean's tree for its
 * native addon; only the ML-DSA-65 clean folder and PQClean's common/ (Keccak, randombytes) are
 * extracted. Everything lands in bench/.native/ (gitignored): their source is never committed,
 * and a second run reuses the build.
 */
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { fetchNpmSources, isBuilt, NATIVE_WORK as WORK, requireGcc, runTool } from './npm-c.ts';

/** Pinned, so the bar does not move under us: pqclean 0.8.1 ships PQClean's ML-DSA (FIPS 204) code. */
export const PQCLEAN_PACKAGE = 'pqclean@0.8.1';

const HARNESS = fileURLToPath(new URL('./harness.c', import.meta.url));
const SOURCES = join(WORK, 'pqclean-0.8.1');
const TREE = join(SOURCES, 'package/deps/PQClean');
const CLEAN = join(TREE, 'crypto_sign/ml-dsa-65/clean');
const COMMON = join(TREE, 'common');
const BINARY = join(WORK, 'mldsa65-clean-bench');

/** PQClean's own Makefile flags for this scheme (-O3 -std=c99), nothing machine-specific: the bar is the portable C. */
export const CFLAGS = ['-O3', '-std=c99'];

/** Returns the path of the compiled harness, fetching and compiling only what is missing or stale. */
export function buildNativeBench(): string {
  if (isBuilt(BINARY, HARNESS)) return BINARY;
  requireGcc();
  if (!existsSync(join(CLEAN, 'api.h'))) fetchNpmSources(PQCLEAN_PACKAGE, SOURCES, ['package/deps/PQClean/common', 'package/deps/PQClean/crypto_sign/ml-dsa-65/clean']);
  const sources = readdirSync(CLEAN)
    .filter((name) => name.endsWith('.c'))
    .map((name) => join(CLEAN, name));
  // Of common/, ML-DSA needs only the Keccak code and the OS randomness source.
  sources.push(join(COMMON, 'fips202.c'), join(COMMON, 'randombytes.c'), HARNESS);
  runTool('gcc', [...CFLAGS, `-I${CLEAN}`, `-I${COMMON}`, '-o', BINARY, ...sources], 'compiling PQClean ML-DSA-65 clean');
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
  const output = runTool(binary, [String(warmupMs), String(roundMs), String(rounds)], 'running the PQClean harness', undefined, process.cwd());
  return output
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as NativeFigure);
}

export function gccVersion(): string {
  return runTool('gcc', ['-dumpfullversion'], 'asking gcc its version', undefined, process.cwd()).trim();
}
