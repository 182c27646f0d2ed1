/** SHA-2 (FIPS 180-4) on the engine's SHA-2 states. */
import { EngineError } from './errors.ts';
import { Incremental, oneShot, type Hash, type Primitive } from './hash.ts';
import type { EngineExports, Io } from './wasm.ts';

/**
 * The FIPS 180-4 functions by name: which compression function (256 or 512), the engine's variant
 * selector for it, and the digest length the output is truncated to.
 */
export const SHA2_FUNCTIONS = {
  sha224: { family: 256, variant: 1, outLen: 28 },
  sha256: { family: 256, variant: 0, outLen: 32 },
  sha384: { family: 512, variant: 1, outLen: 48 },
  sha512: { family: 512, variant: 0, outLen: 64 },
  'sha512-224': { family: 512, variant: 2, outLen: 28 },
  'sha512-256': { family: 512, variant: 3, outLen: 32 },
} as const;

/** Names accepted by createSha2. */
export type Sha2Name = keyof typeof SHA2_FUNCTIONS;

/** The SHA-2 part of the Engine. */
export interface Sha2Api {
  sha224(data: Uint8Array): Uint8Array;
  sha256(data: Uint8Array): Uint8Array;
  sha384(data: Uint8Array): Uint8Array;
  sha512(data: Uint8Array): Uint8Array;
  sha512_224(data: Uint8Array): Uint8Array;
  sha512_256(data: Uint8Array): Uint8Array;
  /** An incremental SHA-2 hasher. */
  createSha2(name: Sha2Name): Hash;
}

/** A SHA-2 primitive over the engine's host SHA-256 or SHA-512 state. */
function sha2(wasm: EngineExports, name: Sha2Name): Primitive {
  const { family, variant } = SHA2_FUNCTIONS[name];
  if (family === 256) {
    return {
      statePtr: wasm.sha256StatePtr(),
      stateSize: wasm.sha256StateSize(),
      init: () => wasm.sha256Begin(variant),
      absorb: (len) => wasm.sha256Absorb(len),
      output: () => wasm.sha256Output(),
    };
  }
  return {
    statePtr: wasm.sha512StatePtr(),
    stateSize: wasm.sha512StateSize(),
    init: () => wasm.sha512Begin(variant),
    absorb: (len) => wasm.sha512Absorb(len),
    output: () => wasm.sha512Output(),
  };
}

/** Builds the SHA-2 functions over an instantiated engine and its IO buffer. */
export function sha2Api(wasm: EngineExports, io: Io): Sha2Api {
  const fixed = (name: Sha2Name) => (data: Uint8Array) => oneShot(io, sha2(wasm, name), data, SHA2_FUNCTIONS[name].outLen);
  return {
    sha224: fixed('sha224'),
    sha256: fixed('sha256'),
    sha384: fixed('sha384'),
    sha512: fixed('sha512'),
    sha512_224: fixed('sha512-224'),
    sha512_256: fixed('sha512-256'),
    createSha2(name) {
      if (typeof name !== 'string' || !Object.hasOwn(SHA2_FUNCTIONS, name)) {
        throw new EngineError('unsupported_hash', `unknown SHA-2 function ${String(name)}`, 'name');
      }
      return new Incremental(io, sha2(wasm, name), SHA2_FUNCTIONS[name].outLen, false);
    },
  };
}
