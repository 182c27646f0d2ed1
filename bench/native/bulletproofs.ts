/**
 * Obtains Grin's secp256k1-zkp (libsecp256k1 with Grin's Bulletproofs module) from the npm package
 * `secp256k1-zkp`, which ships its C tree (src/secp256k1-zkp/) for a native addon, and compiles it
 * with our timing harness (bulletproofs-harness.c) as Grin configures it on x86-64: 5x52 field and
 * 4x64 scalar with the x86-64 assembly, the GLV endomorphism, __int128, no GMP, and the generator,
 * commitment, rangeproof and bulletproof modules. Its Bulletproofs ran as fast as
 * mimblewimble/secp256k1-zkp at b247e1e, the tree decision 069 measured (bench/README.md "Against
 * Grin's secp256k1-zkp"). Everything lands in bench/.native/ (gitignored), like ./libsecp256k1.ts;
 * the source is never committed.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { compileLibsecp256k1Tree, fetchNpmSources, isBuilt, NATIVE_WORK as WORK, requireGcc, runTool } from './npm-c.ts';

/** Pinned, so the bar does not move under us. */
export const SECP256K1_ZKP_PACKAGE = 'secp256k1-zkp@1.0.2';

const HARNESS = fileURLToPath(new URL('./bulletproofs-harness.c', import.meta.url));
const SOURCES = join(WORK, 'secp256k1-zkp-1.0.2');
const LIB = join(SOURCES, 'package/src/secp256k1-zkp');
const BINARY = join(WORK, 'bulletproofs-bench');

const DEFINES = [
  'USE_FIELD_5X52=1',
  'USE_ASM_X86_64=1',
  'USE_SCALAR_4X64=1',
  'USE_ENDOMORPHISM=1',
  'HAVE___INT128=1',
  'USE_NUM_NONE=1',
  'USE_FIELD_INV_BUILTIN=1',
  'USE_SCALAR_INV_BUILTIN=1',
  'HAVE_BUILTIN_EXPECT=1',
  'HAVE_BUILTIN_POPCOUNT=1',
  'HAVE_BUILTIN_POPCOUNTL=1',
  'HAVE_BUILTIN_CTZL=1',
  'HAVE_BUILTIN_CLZLL=1',
  'ENABLE_MODULE_GENERATOR=1',
  'ENABLE_MODULE_COMMITMENT=1',
  'ENABLE_MODULE_RANGEPROOF=1',
  'ENABLE_MODULE_BULLETPROOF=1',
];

export const ZKP_CFLAGS = ['-O2'];

/** The compiled harness's path, fetching and compiling only what is missing or stale. */
export function buildBulletproofsBench(): string {
  mkdirSync(WORK, { recursive: true });
  if (isBuilt(BINARY, HARNESS)) return BINARY;
  requireGcc();
  if (!existsSync(join(LIB, 'src/secp256k1.c'))) fetchNpmSources(SECP256K1_ZKP_PACKAGE, SOURCES, ['package/src/secp256k1-zkp/include', 'package/src/secp256k1-zkp/src']);
  compileLibsecp256k1Tree({
    lib: LIB,
    harness: HARNESS,
    binary: BINARY,
    cflags: ZKP_CFLAGS,
    defines: DEFINES,
    // The 2019 tree predates today's gcc warnings; none of them is ours.
    warnings: ['-w'],
    what: `compiling secp256k1-zkp from ${SECP256K1_ZKP_PACKAGE}`,
  });
  return BINARY;
}

export type BulletproofsOp = 'prove1' | 'prove2' | 'verify1' | 'verify2' | 'batch16';

export interface BulletproofsFigure {
  op: BulletproofsOp;
  opsPerSec: number;
  spread: number;
  calls: number;
}

export interface BulletproofsRun {
  /** Proof sizes for m = 1 and m = 2. */
  proofBytes: [number, number];
  figures: BulletproofsFigure[];
}

/** Runs the harness with the given budget (its fixture is fixed: 16 proofs per m). */
export function runBulletproofsBench(binary: string, warmupMs: number, roundMs: number, rounds: number): BulletproofsRun {
  const lines = runTool(binary, [String(warmupMs), String(roundMs), String(rounds)], 'running the Bulletproofs harness').trim().split('\n').map((l) => JSON.parse(l));
  const [fixture, ...figures] = lines;
  return { proofBytes: fixture.proofBytes, figures };
}
