/**
 * Host-facing exports of ML-KEM (FIPS 203), HKDF-SHA256 (RFC 5869) and ChaCha20-Poly1305 (RFC 8439),
 * the KEM, KDF and AEAD that engine/src/hpke.ts composes into HPKE (RFC 9180); HPKE itself is
 * composed on the host. IO offsets and return codes are in engine/assembly/layout.ts:
 *   mlkemKeygen:      seed d || z (64) at MLKEM_KEY                  -> ek at MLKEM_CIPHERTEXT, dk at MLKEM_OUT
 *   mlkemEncaps:      ek at MLKEM_KEY, m (32) at MLKEM_RANDOM        -> c at MLKEM_CIPHERTEXT, shared secret at MLKEM_OUT
 *   mlkemDecaps:      dk at MLKEM_KEY, c at MLKEM_CIPHERTEXT         -> shared secret at MLKEM_OUT
 *   mlkemDecapsSeed:  seed d || z at MLKEM_KEY, c at MLKEM_CIPHERTEXT -> shared secret at MLKEM_OUT
 *   mlkemCheckEk / mlkemCheckDk: the key at MLKEM_KEY
 *   hkdfExtract:      salt, then ikm, from 0                         -> PRK (32) at 0
 *   hkdfExpand:       prk, then info, from 0                         -> output at 0
 *   chacha20Begin / poly1305Begin / aeadBegin: key (32) at CHACHA_KEY, nonce (12) at CHACHA_NONCE;
 *   the streaming calls after them work on IO[0..len) in place, and tags are read and written at 0.
 * `level` is 512, 768 or 1024; an unknown level returns ERR_ARGUMENT.
 */
import { AEAD_STATE_SIZE, aeadAad, aeadAbsorbCiphertext, aeadCheckTag, aeadEncrypt, aeadInit, aeadTag, aeadXor } from './chacha20poly1305';
import { CHACHA_STATE_SIZE, chachaInit, chachaWipe, chachaXor } from './chacha20';
import { HKDF_SHA256_MAX_OUTPUT, hkdfSha256Expand, hkdfSha256Extract } from './hkdf';
import { IO } from './io';
import { CHACHA_KEY, CHACHA_NONCE, ERR_ARGUMENT, INVALID, MLKEM_CIPHERTEXT, MLKEM_KEY, MLKEM_OUT, MLKEM_RANDOM, OK } from './layout';
import { POLY1305_STATE_SIZE, poly1305Final, poly1305Init, poly1305Update } from './poly1305';
import { checkDecapsulationKey, checkEncapsulationKey, decaps, decapsSeed, encaps, keygen } from './mlkem/kem';
import { setLevel } from './mlkem/params';

/** ML-KEM.KeyGen_internal: OK, or ERR_ARGUMENT for an unknown level. */
export function mlkemKeygen(level: i32): i32 {
  if (!setLevel(level)) return ERR_ARGUMENT;
  keygen(IO + MLKEM_KEY, IO + MLKEM_CIPHERTEXT, IO + MLKEM_OUT);
  return OK;
}

/** ML-KEM.Encaps_internal after the modulus check: OK, INVALID if ek fails the check. */
export function mlkemEncaps(level: i32): i32 {
  if (!setLevel(level)) return ERR_ARGUMENT;
  return encaps(IO + MLKEM_KEY, IO + MLKEM_RANDOM, IO + MLKEM_CIPHERTEXT, IO + MLKEM_OUT) ? OK : INVALID;
}

/** ML-KEM.Decaps_internal after the hash check: OK, INVALID if dk fails the check. */
export function mlkemDecaps(level: i32): i32 {
  if (!setLevel(level)) return ERR_ARGUMENT;
  return decaps(IO + MLKEM_KEY, IO + MLKEM_CIPHERTEXT, IO + MLKEM_OUT) ? OK : INVALID;
}

/** ML-KEM.Decaps_internal with the key in seed form (no check needed: dk is derived here). */
export function mlkemDecapsSeed(level: i32): i32 {
  if (!setLevel(level)) return ERR_ARGUMENT;
  decapsSeed(IO + MLKEM_KEY, IO + MLKEM_CIPHERTEXT, IO + MLKEM_OUT);
  return OK;
}

/** FIPS 203 section 7.2 modulus check of ek: OK passes, INVALID fails. */
export function mlkemCheckEk(level: i32): i32 {
  if (!setLevel(level)) return ERR_ARGUMENT;
  return checkEncapsulationKey(IO + MLKEM_KEY) ? OK : INVALID;
}

/** FIPS 203 section 7.3 hash check of dk: OK passes, INVALID fails. */
export function mlkemCheckDk(level: i32): i32 {
  if (!setLevel(level)) return ERR_ARGUMENT;
  return checkDecapsulationKey(IO + MLKEM_KEY) ? OK : INVALID;
}

const OKM: usize = memory.data(HKDF_SHA256_MAX_OUTPUT, 16);
const HOST_CHACHA: usize = memory.data(CHACHA_STATE_SIZE, 16);
const HOST_POLY: usize = memory.data(POLY1305_STATE_SIZE, 16);
const HOST_AEAD: usize = memory.data(AEAD_STATE_SIZE, 16);

/** HKDF-SHA256-Extract of IO[saltLen..saltLen+ikmLen) with salt IO[0..saltLen); PRK to IO[0..32). */
export function hkdfExtract(saltLen: i32, ikmLen: i32): void {
  hkdfSha256Extract(IO, IO, <usize>saltLen, IO + <usize>saltLen, <usize>ikmLen);
}

/** HKDF-SHA256-Expand of PRK IO[0..prkLen) with info after it: `len` bytes to IO[0..len) and OK, or ERR_ARGUMENT if len > 8160. */
export function hkdfExpand(prkLen: i32, infoLen: i32, len: i32): i32 {
  if (len < 0 || len > HKDF_SHA256_MAX_OUTPUT) return ERR_ARGUMENT;
  hkdfSha256Expand(OKM, IO, <usize>prkLen, IO + <usize>prkLen, <usize>infoLen, <usize>len);
  memory.copy(IO, OKM, <usize>len);
  memory.fill(OKM, 0, <usize>len);
  return OK;
}

/** Starts the host ChaCha20 stream (RFC 8439 2.4) with the key and nonce in IO at block `counter`. */
export function chacha20Begin(counter: u32): void {
  chachaInit(HOST_CHACHA, IO + CHACHA_KEY, IO + CHACHA_NONCE, counter);
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
  poly1305Init(HOST_POLY, IO + CHACHA_KEY);
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
  aeadInit(HOST_AEAD, IO + CHACHA_KEY, IO + CHACHA_NONCE);
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

/** Open: compares the tag with IO[0..16) in constant time: OK authentic, INVALID not. */
export function aeadOpenCheck(): i32 {
  return aeadCheckTag(HOST_AEAD, IO);
}

/** Open, second pass (only after aeadOpenCheck returned OK): decrypts IO[0..len) in place. */
export function aeadOpenXor(len: i32): void {
  aeadXor(HOST_AEAD, IO, <usize>len);
}

/** Clears the host AEAD state (key, key stream, MAC state). */
export function aeadEnd(): void {
  memory.fill(HOST_AEAD, 0, AEAD_STATE_SIZE);
}
