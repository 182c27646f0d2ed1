/**
 * Host-facing SHA-2 and HMAC exports. Like the Keccak exports in index.ts, each works on a state
 * region reserved for the host: the host copies an incremental hasher's state in, absorbs from IO,
 * and copies the state out again. Names differ from the internals (sha256Init...) on purpose, since
 * index.ts re-exports this whole module.
 */
import { IO } from './io';
import { HMAC_SHA256_STATE_SIZE, HMAC_SHA512_STATE_SIZE, hmacSha256Final, hmacSha256Init, hmacSha256Update, hmacSha512Final, hmacSha512Init, hmacSha512Update } from './hmac';
import { SHA256_STATE_SIZE, sha256Final, sha256Init, sha256Update } from './sha256';
import { SHA512_STATE_SIZE, sha512Final, sha512Init, sha512Update } from './sha512';

const HOST_SHA256: usize = memory.data(SHA256_STATE_SIZE, 16);
const HOST_SHA512: usize = memory.data(SHA512_STATE_SIZE, 16);
const HOST_HMAC256: usize = memory.data(HMAC_SHA256_STATE_SIZE, 16);
const HOST_HMAC512: usize = memory.data(HMAC_SHA512_STATE_SIZE, 16);

/** Address of the host's SHA-224/256 state. */
export function sha256StatePtr(): usize {
  return HOST_SHA256;
}

/** Size of a SHA-224/256 state. */
export function sha256StateSize(): i32 {
  return SHA256_STATE_SIZE;
}

/** Resets the host SHA-256 state; SHA-224 if `is224`. */
export function sha256Begin(is224: bool): void {
  sha256Init(HOST_SHA256, is224);
}

/** Absorbs IO[0..len) into the host SHA-256 state. */
export function sha256Absorb(len: i32): void {
  sha256Update(HOST_SHA256, IO, <usize>len);
}

/** Finishes the host SHA-256 state and writes 32 bytes to IO[0..32) (SHA-224: keep 28). */
export function sha256Output(): void {
  sha256Final(HOST_SHA256, IO);
}

/** Address of the host's SHA-384/512 state. */
export function sha512StatePtr(): usize {
  return HOST_SHA512;
}

/** Size of a SHA-384/512 state. */
export function sha512StateSize(): i32 {
  return SHA512_STATE_SIZE;
}

/** Resets the host SHA-512 state: variant 0 SHA-512, 1 SHA-384, 2 SHA-512/224, 3 SHA-512/256. */
export function sha512Begin(variant: u32): void {
  sha512Init(HOST_SHA512, variant);
}

/** Absorbs IO[0..len) into the host SHA-512 state. */
export function sha512Absorb(len: i32): void {
  sha512Update(HOST_SHA512, IO, <usize>len);
}

/** Finishes the host SHA-512 state and writes 64 bytes to IO[0..64) (callers truncate). */
export function sha512Output(): void {
  sha512Final(HOST_SHA512, IO);
}

/** Address of the host's HMAC-SHA-256 state. */
export function hmacSha256StatePtr(): usize {
  return HOST_HMAC256;
}

/** Size of an HMAC-SHA-256 state. */
export function hmacSha256StateSize(): i32 {
  return HMAC_SHA256_STATE_SIZE;
}

/** Starts the host HMAC-SHA-256 state with the key in IO[0..keyLen). */
export function hmacSha256Begin(keyLen: i32): void {
  hmacSha256Init(HOST_HMAC256, IO, <usize>keyLen);
}

/** Absorbs IO[0..len) as message bytes. */
export function hmacSha256Absorb(len: i32): void {
  hmacSha256Update(HOST_HMAC256, IO, <usize>len);
}

/** Finishes the host HMAC-SHA-256 state and writes the 32-byte MAC to IO[0..32). */
export function hmacSha256Output(): void {
  hmacSha256Final(HOST_HMAC256, IO);
}

/** One-shot HMAC-SHA-256 of IO[keyLen..keyLen+msgLen) under the key IO[0..keyLen); MAC to IO[0..32). */
export function hmacSha256(keyLen: i32, msgLen: i32): void {
  hmacSha256Init(HOST_HMAC256, IO, <usize>keyLen);
  hmacSha256Update(HOST_HMAC256, IO + <usize>keyLen, <usize>msgLen);
  hmacSha256Final(HOST_HMAC256, IO);
}

/** Address of the host's HMAC-SHA-512 state. */
export function hmacSha512StatePtr(): usize {
  return HOST_HMAC512;
}

/** Size of an HMAC-SHA-512 state. */
export function hmacSha512StateSize(): i32 {
  return HMAC_SHA512_STATE_SIZE;
}

/** Starts the host HMAC-SHA-512 state with the key in IO[0..keyLen). */
export function hmacSha512Begin(keyLen: i32): void {
  hmacSha512Init(HOST_HMAC512, IO, <usize>keyLen);
}

/** Absorbs IO[0..len) as message bytes. */
export function hmacSha512Absorb(len: i32): void {
  hmacSha512Update(HOST_HMAC512, IO, <usize>len);
}

/** Finishes the host HMAC-SHA-512 state and writes the 64-byte MAC to IO[0..64). */
export function hmacSha512Output(): void {
  hmacSha512Final(HOST_HMAC512, IO);
}

/** One-shot HMAC-SHA-512 of IO[keyLen..keyLen+msgLen) under the key IO[0..keyLen); MAC to IO[0..64). */
export function hmacSha512(keyLen: i32, msgLen: i32): void {
  hmacSha512Init(HOST_HMAC512, IO, <usize>keyLen);
  hmacSha512Update(HOST_HMAC512, IO + <usize>keyLen, <usize>msgLen);
  hmacSha512Final(HOST_HMAC512, IO);
}
