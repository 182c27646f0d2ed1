/** SHA-3 and SHAKE (FIPS 202) on the engine's Keccak sponge. */
import { EngineError, length } from './errors.ts';
import { Incremental, keccak, MAX_XOF_OUTPUT, oneShot, SHA3_FUNCTIONS, type Hash, type Xof } from './hash.ts';
import type { EngineExports, Io } from './wasm.ts';

export type Sha3Name = keyof typeof SHA3_FUNCTIONS;
export type Sha3FixedName = Exclude<Sha3Name, 'shake128' | 'shake256'>;
export type ShakeName = 'shake128' | 'shake256';

export interface Sha3Api {
  sha3_224(data: Uint8Array): Uint8Array;
  sha3_256(data: Uint8Array): Uint8Array;
  sha3_384(data: Uint8Array): Uint8Array;
  sha3_512(data: Uint8Array): Uint8Array;
  shake128(data: Uint8Array, outLen: number): Uint8Array;
  shake256(data: Uint8Array, outLen: number): Uint8Array;
  /** An incremental SHA3 hasher. */
  createSha3(name: Sha3FixedName): Hash;
  /** An incremental SHAKE XOF: `update` any number of times, then `squeeze` as often as needed. */
  createShake(name: ShakeName): Xof;
}

export function sha3Api(wasm: EngineExports, io: Io): Sha3Api {
  const sponge = (name: Sha3Name) => {
    const f = SHA3_FUNCTIONS[name];
    return { p: keccak(wasm, f.rate, f.ds), outLen: f.outLen };
  };
  const fixed = (name: Sha3Name) => (data: Uint8Array) => {
    const { p, outLen } = sponge(name);
    return oneShot(io, p, data, outLen);
  };
  const xof = (name: ShakeName) => (data: Uint8Array, outLen: number) =>
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
  };
}
