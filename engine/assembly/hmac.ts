/**
 * HMAC-SHA-256 and HMAC-SHA-512 (RFC 2104, FIPS 198-1) as incremental internals: RFC 6979's
 * HMAC-DRBG and the host exports drive them over states at caller-chosen addresses.
 *
 * Layout: the inner hash state (already fed K0 ^ ipad) | K0 ^ opad (one block), so the outer hash
 * can be run at the end without keeping the key itself.
 */
import { SHA256_BLOCK, SHA256_DIGEST, SHA256_STATE_SIZE, sha256Final, sha256Init, sha256Update } from './sha256';
import { SHA512, SHA512_BLOCK, SHA512_DIGEST, SHA512_STATE_SIZE, sha512Final, sha512Init, sha512Update } from './sha512';

/** Bytes one HMAC-SHA-256 state occupies in memory. */
export const HMAC_SHA256_STATE_SIZE: i32 = SHA256_STATE_SIZE + <i32>SHA256_BLOCK;
/** Bytes one HMAC-SHA-512 state occupies in memory. */
export const HMAC_SHA512_STATE_SIZE: i32 = SHA512_STATE_SIZE + <i32>SHA512_BLOCK;

const IPAD: u64 = 0x3636363636363636;
const OPAD: u64 = 0x5c5c5c5c5c5c5c5c;

// Scratch for K0 ^ ipad and the inner digest; the engine runs one HMAC step at a time.
const PAD: usize = memory.data(<i32>SHA512_BLOCK, 16);
const INNER: usize = memory.data(<i32>SHA512_DIGEST, 16);

/**
 * Turns K0 (already in PAD, zero-padded to `block` bytes) into K0 ^ opad at `opad` and K0 ^ ipad in
 * PAD, the two keys RFC 2104 derives.
 */
@inline function splitPads(opad: usize, block: usize): void {
  for (let i: usize = 0; i < block; i += 8) {
    const k = load<u64>(PAD + i);
    store<u64>(opad + i, k ^ OPAD);
    store<u64>(PAD + i, k ^ IPAD);
  }
}

/** Starts HMAC-SHA-256 at `s` with the `keyLen`-byte key at `key` (any length). */
export function hmacSha256Init(s: usize, key: usize, keyLen: usize): void {
  memory.fill(PAD, 0, SHA256_BLOCK);
  // Keys longer than a block are replaced by their digest (RFC 2104 section 2).
  if (keyLen > SHA256_BLOCK) {
    sha256Init(s, false);
    sha256Update(s, key, keyLen);
    sha256Final(s, PAD);
  } else {
    memory.copy(PAD, key, keyLen);
  }
  splitPads(s + SHA256_STATE_SIZE, SHA256_BLOCK);
  sha256Init(s, false);
  sha256Update(s, PAD, SHA256_BLOCK);
  // Key material should not linger in the shared scratch buffer.
  memory.fill(PAD, 0, SHA256_BLOCK);
}

/** Absorbs `len` message bytes from `src`. */
export function hmacSha256Update(s: usize, src: usize, len: usize): void {
  sha256Update(s, src, len);
}

/** Finishes and writes the 32-byte MAC to `dst`; the state must be re-initialized to reuse it. */
export function hmacSha256Final(s: usize, dst: usize): void {
  sha256Final(s, INNER);
  sha256Init(s, false);
  sha256Update(s, s + SHA256_STATE_SIZE, SHA256_BLOCK);
  sha256Update(s, INNER, SHA256_DIGEST);
  sha256Final(s, dst);
}

/** Starts HMAC-SHA-512 at `s` with the `keyLen`-byte key at `key` (any length). */
export function hmacSha512Init(s: usize, key: usize, keyLen: usize): void {
  memory.fill(PAD, 0, SHA512_BLOCK);
  // Keys longer than a block are replaced by their digest (RFC 2104 section 2).
  if (keyLen > SHA512_BLOCK) {
    sha512Init(s, SHA512);
    sha512Update(s, key, keyLen);
    sha512Final(s, PAD);
  } else {
    memory.copy(PAD, key, keyLen);
  }
  splitPads(s + SHA512_STATE_SIZE, SHA512_BLOCK);
  sha512Init(s, SHA512);
  sha512Update(s, PAD, SHA512_BLOCK);
  // Key material should not linger in the shared scratch buffer.
  memory.fill(PAD, 0, SHA512_BLOCK);
}

/** Absorbs `len` message bytes from `src`. */
export function hmacSha512Update(s: usize, src: usize, len: usize): void {
  sha512Update(s, src, len);
}

/** Finishes and writes the 64-byte MAC to `dst`; the state must be re-initialized to reuse it. */
export function hmacSha512Final(s: usize, dst: usize): void {
  sha512Final(s, INNER);
  sha512Init(s, SHA512);
  sha512Update(s, s + SHA512_STATE_SIZE, SHA512_BLOCK);
  sha512Update(s, INNER, SHA512_DIGEST);
  sha512Final(s, dst);
}
