/**
 * Host-facing exports of the HPKE building blocks: ML-KEM (FIPS 203), HKDF-SHA256 (RFC 5869) and
 * ChaCha20-Poly1305 (RFC 8439). IO layout (byte offsets into the IO buffer), shared with
 * engine/src/mlkem.ts, hkdf.ts and chacha20poly1305.ts:
 *   mlkemKeygen:      seed d || z (64) at 0              -> ek at 4096, dk at 8192
 *   mlkemEncaps:      ek at 0, m (32) at 2048            -> c at 4096, shared secret at 8192
 *   mlkemDecaps:      dk at 0, c at 4096                 -> shared secret at 8192
 *   mlkemDecapsSeed:  seed d || z (64) at 0, c at 4096   -> shared secret at 8192
 *   mlkemCheckEk / mlkemCheckDk: the key at 0
 *   hkdfExtract:      salt, then ikm, from 0             -> PRK (32) at 0
 *   hkdfExpand:       prk, then info, from 0             -> output at 0
 *   chacha20Begin / poly1305Begin / aeadBegin: key (32) at 0, nonce (12) at 32; the streaming
 *   calls after them work on IO[0..len) in place, and tags are read and written at 0.
 * `level` is 512, 768 or 1024; an unknown level returns -1.
 */
import { AEAD_STATE_SIZE, aeadAad, aeadAbsorbCiphertext, aeadCheckTag, aeadEncrypt, aeadInit, aeadTag, aeadXor } from './chacha20poly1305';
import { CHACHA_STATE_SIZE, chachaInit, chachaWipe, chachaXor } from './chacha20';
import { HKDF_SHA256_MAX_OUTPUT, hkdfSha256Expand, hkdfSha256Extract } from './hkdf';
import { IO } from './io';
import { POLY1305_STATE_SIZE, poly1305Final, poly1305Init, poly1305Update } from './poly1305';
import { checkDecapsulationKey, checkEncapsulationKey, decaps, decapsSeed, encaps, keygen } from './mlkem/kem';
import { setLevel } from './mlkem/params';

const KEY: usize = 0;
const RANDOM: usize = 2048;
const CIPHERTEXT: usize = 4096;
const OUT: usize = 8192;

/** ML-KEM.KeyGen_internal: returns 1, or -1 for an unknown level. */
export function mlkemKeygen(level: i32): i32 {
  if (!setLevel(level)) return -1;
  keygen(IO + KEY, IO + CIPHERTEXT, IO + OUT);
  return 1;
}

/** ML-KEM.Encaps_internal after the modulus check: 1, 0 if ek fails the check, -1 unknown level. */
export function mlkemEncaps(level: i32): i32 {
  if (!setLevel(level)) return -1;
  if (!checkEncapsulationKey(IO + KEY)) return 0;
  encaps(IO + KEY, IO + RANDOM, IO + CIPHERTEXT, IO + OUT);
  return 1;
}

/** ML-KEM.Decaps_internal after the hash check: 1, 0 if dk fails the check, -1 unknown level. */
export function mlkemDecaps(level: i32): i32 {
  if (!setLevel(level)) return -1;
  if (!checkDecapsulationKey(IO + KEY)) return 0;
  decaps(IO + KEY, IO + CIPHERTEXT, IO + OUT);
  return 1;
}

/** ML-KEM.Decaps_internal with the key in seed form (no check needed: dk is derived here). */
export function mlkemDecapsSeed(level: i32): i32 {
  if (!setLevel(level)) return -1;
  decapsSeed(IO + KEY, IO + CIPHERTEXT, IO + OUT);
  return 1;
}

/** FIPS 203 section 7.2 modulus check of ek: 1 passes, 0 fails, -1 unknown level. */
export function mlkemCheckEk(level: i32): i32 {
  if (!setLevel(level)) return -1;
  return checkEncapsulationKey(IO + KEY) ? 1 : 0;
}

/** FIPS 203 section 7.3 hash check of dk: 1 passes, 0 fails, -1 unknown level. */
export function mlkemCheckDk(level: i32): i32 {
  if (!setLevel(level)) return -1;
  return checkDecapsulationKey(IO + KEY) ? 1 : 0;
}

const OKM: usize = memory.data(HKDF_SHA256_MAX_OUTPUT, 16);
const HOST_CHACHA: usize = memory.data(CHACHA_STATE_SIZE, 16);
const HOST_POLY: usize = memory.data(POLY1305_STATE_SIZE, 16);
const HOST_AEAD: usize = memory.data(AEAD_STATE_SIZE, 16);
const NONCE: usize = 32;

/** HKDF-SHA256-Extract of IO[saltLen..saltLen+ikmLen) with salt IO[0..saltLen); PRK to IO[0..32). */
export function hkdfExtract(saltLen: i32, ikmLen: i32): void {
  hkdfSha256Extract(IO, IO, <usize>saltLen, IO + <usize>saltLen, <usize>ikmLen);
}

/** HKDF-SHA256-Expand of PRK IO[0..prkLen) with info after it; `len` bytes to IO[0..len), or 0 if len > 8160. */
export function hkdfExpand(prkLen: i32, infoLen: i32, len: i32): i32 {
  if (len < 0 || len > HKDF_SHA256_MAX_OUTPUT) return 0;
  hkdfSha256Expand(OKM, IO, <usize>prkLen, IO + <usize>prkLen, <usize>infoLen, <usize>len);
  memory.copy(IO, OKM, <usize>len);
  memory.fill(OKM, 0, <usize>len);
  return 1;
}

/** Starts the host ChaCha20 stream (RFC 8439 2.4) with the key and nonce in IO at block `counter`. */
export function chacha20Begin(counter: u32): void {
  chachaInit(HOST_CHACHA, IO, IO + NONCE, counter);
}

/** XORs the next `len` key-stream bytes into IO[0..len). */
export function chacha20Xor(len: i32): void {
  chachaXor(HOST_CHACHA, IO, <usize>len);
}

/** Clears the host ChaCha20 stream. */
export function chacha20End(): void {
  chachaWipe(HOST_CHACHA);
}

/** Starts the host Poly1305 state with the 32-byte one-time key in IO[0..32). */
export function poly1305Begin(): void {
  poly1305Init(HOST_POLY, IO);
}

/** Absorbs IO[0..len) into the host Poly1305 state. */
export function poly1305Absorb(len: i32): void {
  poly1305Update(HOST_POLY, IO, <usize>len);
}

/** Finishes the host Poly1305 state; tag to IO[0..16). */
export function poly1305Output(): void {
  poly1305Final(HOST_POLY, IO);
}

/** Starts the host ChaCha20-Poly1305 AEAD with the key and nonce in IO. */
export function aeadBegin(): void {
  aeadInit(HOST_AEAD, IO, IO + NONCE);
}

/** Absorbs IO[0..len) as associated data (all of it before any text). */
export function aeadAbsorbAad(len: i32): void {
  aeadAad(HOST_AEAD, IO, <usize>len);
}

/** Seal: encrypts IO[0..len) in place and authenticates it. */
export function aeadSealChunk(len: i32): void {
  aeadEncrypt(HOST_AEAD, IO, <usize>len);
}

/** Seal: writes the tag to IO[0..16). */
export function aeadSealTag(): void {
  aeadTag(HOST_AEAD, IO);
}

/** Open, first pass: authenticates the ciphertext IO[0..len) without decrypting it. */
export function aeadOpenAbsorb(len: i32): void {
  aeadAbsorbCiphertext(HOST_AEAD, IO, <usize>len);
}

/** Open: compares the tag with IO[0..16) in constant time; 1 authentic, 0 not. */
export function aeadOpenCheck(): i32 {
  return aeadCheckTag(HOST_AEAD, IO);
}

/** Open, second pass (only after aeadOpenCheck returned 1): decrypts IO[0..len) in place. */
export function aeadOpenXor(len: i32): void {
  aeadXor(HOST_AEAD, IO, <usize>len);
}

/** Clears the host AEAD state (key, key stream, MAC state). */
export function aeadEnd(): void {
  memory.fill(HOST_AEAD, 0, AEAD_STATE_SIZE);
}
