/**
 * zk-FIDNA's Fiat-Shamir transcript: one incremental SHAKE256 sponge that prover and verifier
 * feed identically.
 *   append(label, data):  absorb 0x01 || u8(|label|) || label || u32be(|data|) || data
 *   challenge(label):     absorb 0x02 || u8(|label|) || label, squeeze 64 bytes from a copy of the
 *                         state, read them big-endian mod n. The main state keeps absorbing, so
 *                         every later challenge depends on everything before it.
 * Points enter as 33-byte compressed SEC1, scalars as 32 bytes big-endian, counts as u64be.
 */
import { RATE_SHAKE256, DS_SHAKE, SPONGE_SIZE, spongeAbsorb, spongeInit, spongeSqueeze } from '../keccak';
import { scGetB32, scIsZero } from '../secp256k1/scalar';
import { TEST_HOOKS } from '../flags';
import { labelLen, labelPtr } from './labels';
import { SC_SIZE, scFromB64 } from './scalars';

const T: usize = memory.data(SPONGE_SIZE, 16);
const COPY: usize = memory.data(SPONGE_SIZE, 16);
const HEAD: usize = memory.data(16, 16);
const WIDE: usize = memory.data(64, 16);
const ENC: usize = memory.data(32, 16);

// Challenges drawn since trInit, and the one a test forces to zero (-1: none). Test build only:
// they are read under `if (TEST_HOOKS)`, so the release and debug builds compile neither them nor
// the comparison, and no call can make their verifier accept a zero challenge (docs/decisions/043).
// @ts-ignore: decorator
@lazy let drawn: i32 = 0;
// @ts-ignore: decorator
@lazy let forceZero: i32 = -1;

/** Test hook: the `index`-th challenge scalar of each following transcript comes out as zero. */
export function trForceZero(index: i32): void {
  if (!TEST_HOOKS) ERROR('trForceZero is a test hook: only the test build (asconfig.json target "test") may call it');
  forceZero = index;
}

/** Starts an empty transcript. */
export function trInit(): void {
  spongeInit(T, RATE_SHAKE256, DS_SHAKE);
  if (TEST_HOOKS) drawn = 0;
}

function header(kind: u8, label: u32): void {
  store<u8>(HEAD, kind);
  store<u8>(HEAD + 1, <u8>labelLen(label));
  spongeAbsorb(T, HEAD, 2);
  spongeAbsorb(T, labelPtr(label), <usize>labelLen(label));
}

/** Appends `len` bytes at data under `label`. */
export function trAppend(label: u32, data: usize, len: i32): void {
  header(1, label);
  store<u32>(HEAD, bswap<u32>(<u32>len));
  spongeAbsorb(T, HEAD, 4);
  spongeAbsorb(T, data, <usize>len);
}

/** Appends a 64-bit count, big-endian. */
export function trAppendU64(label: u32, v: u64): void {
  store<u64>(HEAD + 8, bswap<u64>(v));
  trAppend(label, HEAD + 8, 8);
}

/** Appends a scalar (limbs) as 32 big-endian bytes. */
export function trAppendScalar(label: u32, s: usize): void {
  scGetB32(ENC, s);
  trAppend(label, ENC, 32);
}

/** Absorbs the challenge header and squeezes `len` bytes into out from a copy of the state. */
export function trChallengeBytes(label: u32, out: usize, len: i32): void {
  header(2, label);
  memory.copy(COPY, T, SPONGE_SIZE);
  spongeSqueeze(COPY, out, <usize>len);
}

/** out = challenge(label) as a scalar; false when it is zero (the caller must abort or reject). */
export function trChallenge(label: u32, out: usize): bool {
  trChallengeBytes(label, WIDE, 64);
  scFromB64(out, WIDE);
  if (TEST_HOOKS) {
    if (drawn++ == forceZero) memory.fill(out, 0, SC_SIZE);
  }
  return scIsZero(out) == 0;
}

/** Copies the running state to dst (SPONGE_SIZE bytes): the prover's nonce derivation forks it. */
export function trFork(dst: usize): void {
  memory.copy(dst, T, SPONGE_SIZE);
}
