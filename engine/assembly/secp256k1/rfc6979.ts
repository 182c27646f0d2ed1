/**
 * RFC 6979 deterministic nonces (section 3.2, with the additional data k' of section 3.6) over
 * HMAC-SHA-256 for secp256k1, where qlen = hlen = 256: one HMAC output is one candidate k.
 *
 * Usage: nonceInit(x, h1, extra, extraLen), then nonceNext(k) until it gives a k in [1, n) that
 * also yields a valid signature; nonceClear() wipes K and V.
 */
import { HMAC_SHA256_STATE_SIZE, hmacSha256Final, hmacSha256Init, hmacSha256Update } from '../hmac';

const STATE: usize = memory.data(HMAC_SHA256_STATE_SIZE, 16);
const K: usize = memory.data(32, 16);
const V: usize = memory.data(32, 16);
const SEP: usize = memory.data(1, 16);
let started = false;

/** V = HMAC_K(V). */
function stepV(): void {
  hmacSha256Init(STATE, K, 32);
  hmacSha256Update(STATE, V, 32);
  hmacSha256Final(STATE, V);
}

/** K = HMAC_K(V || sep || x || h1 || extra), then V = HMAC_K(V) (steps d-e and f-g). */
function rekey(sep: u8, x: usize, h1: usize, extra: usize, extraLen: i32): void {
  store<u8>(SEP, sep);
  hmacSha256Init(STATE, K, 32);
  hmacSha256Update(STATE, V, 32);
  hmacSha256Update(STATE, SEP, 1);
  if (x != 0) {
    hmacSha256Update(STATE, x, 32);
    hmacSha256Update(STATE, h1, 32);
    if (extraLen > 0) hmacSha256Update(STATE, extra, <usize>extraLen);
  }
  hmacSha256Final(STATE, K);
  stepV();
}

/**
 * Seeds the generator with int2octets(x) (the 32-byte secret key), bits2octets(h1) (the digest
 * reduced mod n, 32 bytes) and optional extra data.
 */
export function nonceInit(x: usize, h1: usize, extra: usize, extraLen: i32): void {
  memory.fill(V, 0x01, 32);
  memory.fill(K, 0x00, 32);
  rekey(0x00, x, h1, extra, extraLen);
  rekey(0x01, x, h1, extra, extraLen);
  started = false;
}

/**
 * Writes the next candidate (32 bytes) to k: step h, where every candidate after the first is
 * preceded by K = HMAC_K(V || 0x00), V = HMAC_K(V) (a rejected k or a zero r or s).
 */
export function nonceNext(k: usize): void {
  if (started) rekey(0x00, 0, 0, 0, 0);
  started = true;
  stepV();
  memory.copy(k, V, 32);
}

/** Wipes the generator's secret state. */
export function nonceClear(): void {
  memory.fill(K, 0, 32);
  memory.fill(V, 0, 32);
  memory.fill(STATE, 0, HMAC_SHA256_STATE_SIZE);
}
