/**
 * HKDF-SHA256 (RFC 5869) over the engine's incremental HMAC-SHA-256 (hmac.ts).
 */
import { HMAC_SHA256_STATE_SIZE, hmacSha256Final, hmacSha256Init, hmacSha256Update } from './hmac';

/** RFC 5869: at most 255 blocks of HashLen bytes. */
export const HKDF_SHA256_MAX_OUTPUT: i32 = 255 * 32;

const STATE: usize = memory.data(HMAC_SHA256_STATE_SIZE, 16);
/** HMAC keyed with the PRK once per expand; each block starts from a copy of it. */
const KEYED: usize = memory.data(HMAC_SHA256_STATE_SIZE, 16);
const BLOCK: usize = memory.data(32, 16);
const COUNTER: usize = memory.data(16, 16);

/**
 * HKDF-Extract: PRK = HMAC-SHA256(salt, IKM), 32 bytes to `prk`. An empty salt means HashLen zero
 * bytes, which HMAC pads to the same block as a zero-length key, so no special case is needed.
 */
export function hkdfSha256Extract(prk: usize, salt: usize, saltLen: usize, ikm: usize, ikmLen: usize): void {
  hmacSha256Init(STATE, salt, saltLen);
  hmacSha256Update(STATE, ikm, ikmLen);
  hmacSha256Final(STATE, prk);
  // The finished state holds the PRK's words: clear it like Expand clears its key material.
  memory.fill(STATE, 0, HMAC_SHA256_STATE_SIZE);
}

/**
 * HKDF-Expand: `len` bytes (at most HKDF_SHA256_MAX_OUTPUT) of T(1) || T(2) || ... to `out`,
 * T(i) = HMAC-SHA256(PRK, T(i-1) || info || i). `out` must not overlap prk or info.
 */
export function hkdfSha256Expand(out: usize, prk: usize, prkLen: usize, info: usize, infoLen: usize, len: usize): void {
  hmacSha256Init(KEYED, prk, prkLen);
  let done: usize = 0;
  for (let i: u32 = 1; done < len; i++) {
    memory.copy(STATE, KEYED, HMAC_SHA256_STATE_SIZE);
    if (i > 1) hmacSha256Update(STATE, BLOCK, 32);
    hmacSha256Update(STATE, info, infoLen);
    store<u8>(COUNTER, <u8>i);
    hmacSha256Update(STATE, COUNTER, 1);
    hmacSha256Final(STATE, BLOCK);
    const n = len - done < 32 ? len - done : 32;
    memory.copy(out + done, BLOCK, n);
    done += n;
  }
  // The last block and the keyed state are key material; do not leave them in static memory.
  memory.fill(BLOCK, 0, 32);
  memory.fill(KEYED, 0, HMAC_SHA256_STATE_SIZE);
  memory.fill(STATE, 0, HMAC_SHA256_STATE_SIZE);
}
