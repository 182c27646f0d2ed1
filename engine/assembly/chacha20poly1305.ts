/**
 * The ChaCha20-Poly1305 AEAD (RFC 8439 section 2.8) as an incremental construction, so the host
 * can stream associated data and text of any length through the IO buffer:
 *   aeadInit -> aeadAad* -> (aeadEncrypt* -> aeadTag) to seal, or
 *   aeadInit -> aeadAad* -> aeadAbsorbCiphertext* -> aeadCheckTag -> chachaXor* to open,
 * so that nothing is decrypted before the tag has been checked.
 *
 * Layout: ChaCha20 stream | Poly1305 state | aad length u64 | text length u64 | phase u32
 * (0: associated data, 1: text).
 */
import { CHACHA_STATE_SIZE, chachaInit, chachaRefill, chachaSkip, chachaXor, KS_OFF } from './chacha20';
import { POLY1305_STATE_SIZE, poly1305Final, poly1305Init, poly1305PadBlock, poly1305Update } from './poly1305';

const POLY_OFF: usize = <usize>CHACHA_STATE_SIZE;
const AAD_LEN_OFF: usize = POLY_OFF + <usize>POLY1305_STATE_SIZE;
const TEXT_LEN_OFF: usize = AAD_LEN_OFF + 8;
const PHASE_OFF: usize = TEXT_LEN_OFF + 8;
/** Bytes one AEAD state occupies in memory. */
export const AEAD_STATE_SIZE: i32 = <i32>PHASE_OFF + 16;

const TAG: usize = memory.data(16, 16);
const LENGTHS: usize = memory.data(16, 16);

/**
 * Starts the AEAD at `st` with a 32-byte key and 12-byte nonce: block 0 of the key stream is the
 * Poly1305 key, and encryption continues from block 1 in the same four-block batch.
 */
export function aeadInit(st: usize, key: usize, nonce: usize): void {
  chachaInit(st, key, nonce, 0);
  chachaRefill(st);
  poly1305Init(st + POLY_OFF, st + KS_OFF);
  chachaSkip(st, 64);
  store<u64>(st, 0, AAD_LEN_OFF);
  store<u64>(st, 0, TEXT_LEN_OFF);
  store<u32>(st, 0, PHASE_OFF);
}

/** Absorbs associated data; all of it must come before any text. */
export function aeadAad(st: usize, src: usize, len: usize): void {
  poly1305Update(st + POLY_OFF, src, len);
  store<u64>(st, load<u64>(st, AAD_LEN_OFF) + <u64>len, AAD_LEN_OFF);
}

/** Pads the associated data to a 16-byte boundary once, at the switch to text. */
function beginText(st: usize): void {
  if (load<u32>(st, PHASE_OFF) != 0) return;
  poly1305PadBlock(st + POLY_OFF);
  store<u32>(st, 1, PHASE_OFF);
}

/** Encrypts `len` bytes in place and authenticates the ciphertext. */
export function aeadEncrypt(st: usize, buf: usize, len: usize): void {
  beginText(st);
  chachaXor(st, buf, len);
  poly1305Update(st + POLY_OFF, buf, len);
  store<u64>(st, load<u64>(st, TEXT_LEN_OFF) + <u64>len, TEXT_LEN_OFF);
}

/** Authenticates `len` ciphertext bytes without decrypting them (first pass of opening). */
export function aeadAbsorbCiphertext(st: usize, buf: usize, len: usize): void {
  beginText(st);
  poly1305Update(st + POLY_OFF, buf, len);
  store<u64>(st, load<u64>(st, TEXT_LEN_OFF) + <u64>len, TEXT_LEN_OFF);
}

/** Decrypts (or encrypts) `len` bytes in place with the key stream only; no authentication. */
export function aeadXor(st: usize, buf: usize, len: usize): void {
  chachaXor(st, buf, len);
}

/** Finishes the MAC over pad16(aad), pad16(text) and both lengths; writes the 16-byte tag. */
export function aeadTag(st: usize, tag: usize): void {
  beginText(st);
  poly1305PadBlock(st + POLY_OFF);
  store<u64>(LENGTHS, load<u64>(st, AAD_LEN_OFF));
  store<u64>(LENGTHS + 8, load<u64>(st, TEXT_LEN_OFF));
  poly1305Update(st + POLY_OFF, LENGTHS, 16);
  poly1305Final(st + POLY_OFF, tag);
}

/** Computes the tag and compares it with `expected` in constant time: 1 equal, 0 different. */
export function aeadCheckTag(st: usize, expected: usize): i32 {
  aeadTag(st, TAG);
  const diff = (load<u64>(TAG) ^ load<u64>(expected)) | (load<u64>(TAG, 8) ^ load<u64>(expected, 8));
  memory.fill(TAG, 0, 16);
  return <i32>(((diff | (0 - diff)) >> 63) ^ 1);
}
