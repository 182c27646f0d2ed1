/**
 * Host side of the engine's hash functions. Each hash is a "primitive": a state region in wasm
 * memory plus init/absorb/output exports. One-shot calls run entirely in that region; incremental
 * hashers keep their own copy of the state and swap it in for each call, so any number of them can
 * be open at once without the engine allocating.
 */
import { bytes, length } from './errors.ts';
import type { EngineExports, Io } from './wasm.ts';

/** How to drive one hash function inside the engine. */
export interface Primitive {
  /** Address and size of the state region the exports below work on. */
  statePtr: number;
  stateSize: number;
  /** Resets the state region for this function. */
  init(): void;
  /** Absorbs IO[0..len). */
  absorb(len: number): void;
  /** Writes `len` bytes of output to IO[0..len); an XOF may be called again for more. */
  output(len: number): void;
}

/** An incremental hash: update any number of times, then digest once. */
export interface Hash {
  update(data: Uint8Array): Hash;
  digest(): Uint8Array;
}

/** An incremental extendable-output function: absorb, then squeeze as much as needed. */
export interface Xof {
  update(data: Uint8Array): Xof;
  squeeze(outLen: number): Uint8Array;
}

/** Largest output a single squeeze may ask for. */
export const MAX_XOF_OUTPUT = 1 << 24;

export function absorbAll(io: Io, p: Primitive, data: Uint8Array): void {
  for (let offset = 0; offset < data.length; offset += io.size) {
    const chunk = data.subarray(offset, Math.min(data.length, offset + io.size));
    io.write(chunk);
    p.absorb(chunk.length);
  }
}

export function outputAll(io: Io, p: Primitive, outLen: number): Uint8Array {
  const out = new Uint8Array(outLen);
  for (let offset = 0; offset < outLen; offset += io.size) {
    const n = Math.min(io.size, outLen - offset);
    p.output(n);
    out.set(io.read(0, n), offset);
  }
  return out;
}

/** Hashes `data` in one call (the state never leaves the engine). */
export function oneShot(io: Io, p: Primitive, data: unknown, outLen: number, param = 'data'): Uint8Array {
  const input = bytes(data, param);
  p.init();
  absorbAll(io, p, input);
  return outputAll(io, p, outLen);
}

/** An incremental hasher whose state lives on the host between calls. */
export class Incremental implements Hash, Xof {
  private state: Uint8Array;
  private finished = false;

  constructor(
    private readonly io: Io,
    private readonly p: Primitive,
    private readonly digestLength: number,
    private readonly extendable: boolean,
  ) {
    p.init();
    this.state = io.readAt(p.statePtr, p.stateSize);
  }

  update(data: Uint8Array): this {
    const input = bytes(data, 'data');
    if (this.finished) throw new Error('update() after digest()/squeeze(): start a new hasher');
    this.swap(() => absorbAll(this.io, this.p, input));
    return this;
  }

  digest(): Uint8Array {
    if (this.extendable) return this.squeeze(this.digestLength);
    if (this.finished) throw new Error('digest() called twice: start a new hasher');
    this.finished = true;
    return this.swap(() => outputAll(this.io, this.p, this.digestLength));
  }

  squeeze(outLen: number): Uint8Array {
    if (!this.extendable) throw new Error('squeeze() is only for SHAKE128 and SHAKE256');
    const n = length(outLen, 'outLen', MAX_XOF_OUTPUT);
    this.finished = true;
    return this.swap(() => outputAll(this.io, this.p, n));
  }

  private swap<T>(work: () => T): T {
    this.io.writeAt(this.p.statePtr, this.state);
    const result = work();
    this.state = this.io.readAt(this.p.statePtr, this.p.stateSize);
    return result;
  }
}

const DS_SHA3 = 0x06;
const DS_SHAKE = 0x1f;

/** A Keccak sponge primitive over the engine's host sponge. */
export function keccak(wasm: EngineExports, rate: number, ds: number): Primitive {
  return {
    statePtr: wasm.spongePtr(),
    stateSize: wasm.spongeSize(),
    init: () => wasm.keccakInit(rate, ds),
    absorb: (len) => wasm.keccakAbsorb(len),
    output: (len) => wasm.keccakSqueeze(len),
  };
}

/** The FIPS 202 functions by name: rate in bytes, domain suffix, digest length. */
export const SHA3_FUNCTIONS = {
  'sha3-224': { rate: 144, ds: DS_SHA3, outLen: 28 },
  'sha3-256': { rate: 136, ds: DS_SHA3, outLen: 32 },
  'sha3-384': { rate: 104, ds: DS_SHA3, outLen: 48 },
  'sha3-512': { rate: 72, ds: DS_SHA3, outLen: 64 },
  shake128: { rate: 168, ds: DS_SHAKE, outLen: 32 },
  shake256: { rate: 136, ds: DS_SHAKE, outLen: 64 },
} as const;
