/**
 * Obtains libsecp256k1's C sources from the npm package `secp256k1` (which ships them for its
 * native addon, in src/secp256k1/) and compiles them with our timing harness
 * (secp256k1-harness.c), configured as that package's binding.gyp configures its own build on
 * x86-64: GLV endomorphism, 5x52 field and 4x64 scalar with the x86-64 assembly, a window-15
 * verification table and 4-bit fixed-base precomputation. The package has the ECDH and recovery
 * modules only: no schnorrsig. For BIP-340, a second build links the same harness with
 * -DWITH_SCHNORRSIG against Debian's libsecp256k1 (libsecp256k1-dev: its headers and shared
 * library as Debian builds them, schnorrsig and extrakeys included; no sources), a reference anyone
 * gets with apt (bench/README.md "The native reference"). Everything lands in bench/.native/
 * (gitignored), like ./pqclean.ts; their source is never committed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { compileLibsecp256k1Tree, fetchNpmSources, isBuilt, NATIVE_WORK as WORK, requireGcc, runTool } from './npm-c.ts';

/** Pinned, so the bar does not move under us. */
export const LIBSECP256K1_PACKAGE = 'secp256k1@5.0.2';

const HARNESS = fileURLToPath(new URL('./secp256k1-harness.c', import.meta.url));
const SOURCES = join(WORK, 'secp256k1-5.0.2');
const LIB = join(SOURCES, 'package/src/secp256k1');
const BINARY = join(WORK, 'libsecp256k1-bench');
const DEBIAN_BINARY = join(WORK, 'libsecp256k1-debian-bench');
/** Debian's libsecp256k1-dev installs it; the npm package's sources have no such header. */
export const SCHNORRSIG_HEADER = '/usr/include/secp256k1_schnorrsig.h';
export const DEBIAN_INSTALL = 'apt-get install libsecp256k1-dev';

/** The harness's fixed BIP-340 aux under WITH_SCHNORRSIG (secp256k1-harness.c): byte i is i. */
export const BIP340_AUX = Uint8Array.from({ length: 32 }, (_, i) => i);

/** binding.gyp's defines for x64 (not Windows), word for word. */
const DEFINES = [
  'ECMULT_GEN_PREC_BITS=4',
  'ECMULT_WINDOW_SIZE=15',
  'ENABLE_MODULE_ECDH=1',
  'ENABLE_MODULE_RECOVERY=1',
  'USE_ENDOMORPHISM=1',
  'USE_NUM_NONE=1',
  'USE_FIELD_INV_BUILTIN=1',
  'USE_SCALAR_INV_BUILTIN=1',
  'HAVE___INT128=1',
  'USE_ASM_X86_64=1',
  'USE_FIELD_5X52=1',
  'USE_SCALAR_4X64=1',
];

export const SECP_CFLAGS = ['-O3'];

/** The compiled harness's path, fetching and compiling only what is missing or stale. */
export function buildLibsecp256k1Bench(): string {
  mkdirSync(WORK, { recursive: true });
  if (isBuilt(BINARY, HARNESS)) return BINARY;
  requireGcc();
  if (!existsSync(join(LIB, 'src/secp256k1.c'))) fetchNpmSources(LIBSECP256K1_PACKAGE, SOURCES, ['package/src/secp256k1/include', 'package/src/secp256k1/src']);
  compileLibsecp256k1Tree({
    lib: LIB,
    harness: HARNESS,
    binary: BINARY,
    cflags: SECP_CFLAGS,
    defines: DEFINES,
    warnings: ['-Wno-unused-function'],
    what: `compiling libsecp256k1 from ${LIBSECP256K1_PACKAGE}`,
  });
  return BINARY;
}

/** "Debian's libsecp256k1-dev 0.2.0-2", the version from dpkg-query when it answers. */
export function debianLibsecp256k1Name(): string {
  try {
    const version = execFileSync('dpkg-query', ['-W', '-f=${Version}', 'libsecp256k1-dev'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (version) return `Debian's libsecp256k1-dev ${version}`;
  } catch {
    // No dpkg (or the header came from elsewhere): the name without a version.
  }
  return "Debian's libsecp256k1-dev";
}

/**
 * The harness with -DWITH_SCHNORRSIG linked against the system's libsecp256k1 (-lsecp256k1),
 * compiled only when missing or stale. Throws, first line saying what to install, when the
 * schnorrsig header is missing.
 */
export function buildDebianLibsecp256k1Bench(): string {
  if (!existsSync(SCHNORRSIG_HEADER)) {
    throw new Error(`install Debian's libsecp256k1-dev (${DEBIAN_INSTALL}): ${SCHNORRSIG_HEADER} is missing`);
  }
  mkdirSync(WORK, { recursive: true });
  if (isBuilt(DEBIAN_BINARY, HARNESS, SCHNORRSIG_HEADER)) return DEBIAN_BINARY;
  requireGcc();
  runTool('gcc', [...SECP_CFLAGS, '-DWITH_SCHNORRSIG', '-o', DEBIAN_BINARY, HARNESS, '-lsecp256k1'], "compiling the harness against Debian's libsecp256k1");
  return DEBIAN_BINARY;
}

export interface SecpNativeFigure {
  op: 'publicKey' | 'ecdsaSign' | 'ecdsaVerify' | 'schnorrSign' | 'schnorrVerify';
  opsPerSec: number;
  spread: number;
  calls: number;
}

export interface SecpNativeRun {
  /** libsecp256k1's compressed public keys and compact signatures of the fixture, hex. */
  publicKeys: string[];
  signatures: string[];
  /** Only from the WITH_SCHNORRSIG build: x-only public keys and BIP-340 signatures (aux BIP340_AUX), hex. */
  xOnlyPublicKeys?: string[];
  schnorrSignatures?: string[];
  figures: SecpNativeFigure[];
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** Runs the harness over the fixture (secret keys and digests, 16 of each) with the given budget. */
export function runLibsecp256k1Bench(binary: string, secretKeys: Uint8Array[], digests: Uint8Array[], warmupMs: number, roundMs: number, rounds: number): SecpNativeRun {
  const input = secretKeys.map((sk, i) => `${hex(sk)} ${hex(digests[i])}\n`).join('');
  const lines = runTool(binary, [String(warmupMs), String(roundMs), String(rounds)], 'running the libsecp256k1 harness', input).trim().split('\n').map((l) => JSON.parse(l));
  const [fixture, ...figures] = lines;
  return { publicKeys: fixture.publicKeys, signatures: fixture.signatures, xOnlyPublicKeys: fixture.xOnlyPublicKeys, schnorrSignatures: fixture.schnorrSignatures, figures };
}
