/** SHA-2 (FIPS 180-4) and HMAC-SHA-256/512 (RFC 2104) on the engine's SHA-2 states. */
import { bytes, EngineError } from './errors.ts';
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

/** The SHA-2 and HMAC part of the Engine. */
export interface Sha2Api {
  sha224(data: Uint8Array): Uint8Array;
  sha256(data: Uint8Array): Uint8Array;
  sha384(data: Uint8Array): Uint8Array;
  sha512(data: Uint8Array): Uint8Array;
  sha512_224(data: Uint8Array): Uint8Array;
  sha512_256(data: Uint8Array): Uint8Array;
  /** An incremental SHA-2 hasher. */
  createSha2(name: Sha2Name): Hash;
  /** HMAC-SHA-256 (32 bytes) of `message` under `key` (any length). */
  hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array;
  /** HMAC-SHA-512 (64 bytes) of `message` under `key` (any length). */
  hmacSha512(key: Uint8Array, message: Uint8Array): Uint8Array;
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

/** The engine exports one HMAC needs, by hash. */
interface HmacExports {
  hash: Sha2Name;
  macLen: number;
  statePtr(): number;
  stateSize(): number;
  begin(keyLen: number): void;
  absorb(len: number): void;
  output(): void;
  oneShot(keyLen: number, msgLen: number): void;
}

/** Builds the SHA-2 and HMAC functions over an instantiated engine and its IO buffer. */
export function sha2Api(wasm: EngineExports, io: Io): Sha2Api {
  const fixed = (name: Sha2Name) => (data: Uint8Array) => oneShot(io, sha2(wasm, name), data, SHA2_FUNCTIONS[name].outLen);

  const hmac = (h: HmacExports) => (key: Uint8Array, message: Uint8Array): Uint8Array => {
    let k = bytes(key, 'key');
    const m = bytes(message, 'message');
    // RFC 2104 hashes over-long keys anyway; doing it here lets any key fit in the IO buffer.
    if (k.length > io.size) k = oneShot(io, sha2(wasm, h.hash), k, SHA2_FUNCTIONS[h.hash].outLen, 'key');
    if (k.length + m.length <= io.size) {
      io.write(k);
      io.write(m, k.length);
      h.oneShot(k.length, m.length);
      return io.read(0, h.macLen);
    }
    // Longer messages stream through the IO buffer; oneShot drives init/absorb/output.
    const p: Primitive = {
      statePtr: h.statePtr(),
      stateSize: h.stateSize(),
      init: () => {
        io.write(k);
        h.begin(k.length);
      },
      absorb: h.absorb,
      output: h.output,
    };
    return oneShot(io, p, m, h.macLen, 'message');
  };

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
    hmacSha256: hmac({
      hash: 'sha256',
      macLen: 32,
      statePtr: () => wasm.hmacSha256StatePtr(),
      stateSize: () => wasm.hmacSha256StateSize(),
      begin: (keyLen) => wasm.hmacSha256Begin(keyLen),
      absorb: (len) => wasm.hmacSha256Absorb(len),
      output: () => wasm.hmacSha256Output(),
      oneShot: (keyLen, msgLen) => wasm.hmacSha256(keyLen, msgLen),
    }),
    hmacSha512: hmac({
      hash: 'sha512',
      macLen: 64,
      statePtr: () => wasm.hmacSha512StatePtr(),
      stateSize: () => wasm.hmacSha512StateSize(),
      begin: (keyLen) => wasm.hmacSha512Begin(keyLen),
      absorb: (len) => wasm.hmacSha512Absorb(len),
      output: () => wasm.hmacSha512Output(),
      oneShot: (keyLen, msgLen) => wasm.hmacSha512(keyLen, msgLen),
    }),
  };
}
