/**
 * The engine's public API: `const engine = await loadEngine()` in Node, a browser or a worker.
 * Takes and returns Uint8Arrays, validates every argument, throws EngineError with a code.
 */
import { EngineError } from './errors.ts';
import { Incremental, keccak, MAX_XOF_OUTPUT, oneShot, SHA3_FUNCTIONS, type Hash, type Xof } from './hash.ts';
import { length } from './errors.ts';
import { instantiate, Io, type EngineExports, type WasmSource } from './wasm.ts';

export { EngineError } from './errors.ts';
export type { EngineErrorCode } from './errors.ts';
export type { Hash, Xof } from './hash.ts';
export type { WasmSource } from './wasm.ts';

export type Sha3Name = keyof typeof SHA3_FUNCTIONS;

export interface Engine {
  sha3_224(data: Uint8Array): Uint8Array;
  sha3_256(data: Uint8Array): Uint8Array;
  sha3_384(data: Uint8Array): Uint8Array;
  sha3_512(data: Uint8Array): Uint8Array;
  shake128(data: Uint8Array, outLen: number): Uint8Array;
  shake256(data: Uint8Array, outLen: number): Uint8Array;
  /** An incremental SHA3 hasher, or a SHAKE XOF (`squeeze` as often as needed). */
  createSha3(name: Exclude<Sha3Name, 'shake128' | 'shake256'>): Hash;
  createShake(name: 'shake128' | 'shake256'): Xof;
  /** Current size of the engine's linear memory in bytes (flat across calls). */
  memoryBytes(): number;
}

function build(wasm: EngineExports): Engine {
  const io = new Io(wasm);
  const sponge = (name: Sha3Name) => {
    const f = SHA3_FUNCTIONS[name];
    return { p: keccak(wasm, f.rate, f.ds), outLen: f.outLen };
  };
  const fixed = (name: Sha3Name) => (data: Uint8Array) => {
    const { p, outLen } = sponge(name);
    return oneShot(io, p, data, outLen);
  };
  const xof = (name: 'shake128' | 'shake256') => (data: Uint8Array, outLen: number) =>
    oneShot(io, sponge(name).p, data, length(outLen, 'outLen', MAX_XOF_OUTPUT));
  return {
    sha3_224: fixed('sha3-224'),
    sha3_256: fixed('sha3-256'),
    sha3_384: fixed('sha3-384'),
    sha3_512: fixed('sha3-512'),
    shake128: xof('shake128'),
    shake256: xof('shake256'),
    createSha3(name) {
      if (!['sha3-224', 'sha3-256', 'sha3-384', 'sha3-512'].includes(name)) {
        throw new EngineError('unsupported_hash', `unknown SHA3 function ${String(name)}`, 'name');
      }
      const { p, outLen } = sponge(name);
      return new Incremental(io, p, outLen, false);
    },
    createShake(name) {
      if (name !== 'shake128' && name !== 'shake256') {
        throw new EngineError('unsupported_hash', `unknown SHAKE function ${String(name)}`, 'name');
      }
      const { p, outLen } = sponge(name);
      return new Incremental(io, p, outLen, true);
    },
    memoryBytes: () => wasm.memory.buffer.byteLength,
  };
}

let shared: Promise<Engine> | undefined;

/**
 * Instantiates the engine. Without a source, one shared instance per JS realm is loaded from the
 * build next to this module; pass bytes or a URL to load a separate instance.
 */
export function loadEngine(source?: WasmSource): Promise<Engine> {
  if (source !== undefined) return instantiate(source).then(build);
  shared ??= instantiate().then(build);
  return shared;
}
