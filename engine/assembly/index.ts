/**
 * The engine's WebAssembly exports. The host (engine/src) writes inputs into the IO buffer, calls
 * one of these, and reads the result back from IO. The offsets and the return codes are in
 * layout.ts, which the host imports too; engine/src/wasm.ts declares every export, and
 * engine/src/wasm.boundary.test.ts checks those declarations against the built module.
 */
import { IO, IO_SIZE } from './io';
import { SPONGE_SIZE, spongeAbsorb, spongeInit, spongeSqueeze } from './keccak';

/** Address of the IO exchange buffer. */
export function ioPtr(): usize {
  return IO;
}

/** Size of the IO exchange buffer. */
export function ioSize(): i32 {
  return IO_SIZE;
}

// A sponge reserved for the host's hashers: the host copies an incremental hasher's state in,
// absorbs or squeezes, and copies it out again.
const HOST_SPONGE: usize = memory.data(SPONGE_SIZE, 16);

/** Address and size of the host's sponge. */
export function spongePtr(): usize {
  return HOST_SPONGE;
}
export function spongeSize(): i32 {
  return SPONGE_SIZE;
}

/** Resets the host sponge: rate in bytes, domain suffix 0x06 (SHA3) or 0x1f (SHAKE). */
export function keccakInit(rate: u32, ds: u32): void {
  spongeInit(HOST_SPONGE, rate, ds);
}

/** Absorbs IO[0..len) into the host sponge. */
export function keccakAbsorb(len: i32): void {
  spongeAbsorb(HOST_SPONGE, IO, <usize>len);
}

/** Squeezes len bytes from the host sponge into IO[0..len). */
export function keccakSqueeze(len: i32): void {
  spongeSqueeze(HOST_SPONGE, IO, <usize>len);
}

export * from './sha2_exports';
export * from './mldsa_exports';
export * from './mlkem_hkdf_aead_exports';
export * from './secp256k1_exports';
export * from './zkfidna/exports';
