/**
 * ML-KEM (FIPS 203) host API: argument checks, the FIPS 203 section 7 input checks, and one wasm
 * call per operation. Randomness (the keygen seed, the encapsulation message m) is drawn here
 * (./random.ts, crypto.getRandomValues through a pool) straight into IO, never inside wasm.
 */
import { bytes, EngineError } from './errors.ts';
import { MLKEM_CIPHERTEXT, MLKEM_KEY, MLKEM_OUT, MLKEM_RANDOM } from '../assembly/layout.ts';
import { fillRandom } from './random.ts';
import { OK, type EngineExports, type Io } from './wasm.ts';

export type MlKemLevel = 512 | 768 | 1024;

/** FIPS 203 sizes in bytes for each parameter set. */
export const ML_KEM_SIZES = {
  512: { publicKey: 800, secretKey: 1632, cipherText: 768 },
  768: { publicKey: 1184, secretKey: 2400, cipherText: 1088 },
  1024: { publicKey: 1568, secretKey: 3168, cipherText: 1568 },
} as const;
/** The seed d || z of ML-KEM.KeyGen_internal, also accepted as a compact secret key. */
export const ML_KEM_SEED_LENGTH = 64;
/** The encapsulation randomness m. */
export const ML_KEM_RANDOM_LENGTH = 32;
export const ML_KEM_SHARED_SECRET_LENGTH = 32;

export interface MlKemKeyPair {
  /** The encapsulation key ek. */
  publicKey: Uint8Array;
  /** The decapsulation key dk in its FIPS 203 encoding (dk_PKE || ek || H(ek) || z). */
  secretKey: Uint8Array;
}

export interface MlKemEncapsulation {
  cipherText: Uint8Array;
  sharedSecret: Uint8Array;
}

export interface MlKem {
  readonly name: `ML-KEM-${MlKemLevel}`;
  readonly publicKeyLength: number;
  readonly secretKeyLength: number;
  readonly cipherTextLength: number;
  readonly sharedSecretLength: number;
  readonly seedLength: number;
  readonly randomLength: number;
  /** ML-KEM.KeyGen_internal from the 64-byte seed d || z, or from a fresh random seed. */
  keygen(seed?: Uint8Array): MlKemKeyPair;
  /**
   * ML-KEM.Encaps_internal with the 32-byte m (fresh random when omitted). Throws `invalid_key`
   * when publicKey fails the modulus check (FIPS 203 section 7.2).
   */
  encapsulate(publicKey: Uint8Array, random?: Uint8Array): MlKemEncapsulation;
  /**
   * ML-KEM.Decaps with implicit rejection: a ciphertext that does not re-encrypt gives a
   * pseudorandom secret, never an error. secretKey is the FIPS 203 dk (hash-checked, section 7.3:
   * `invalid_key` if it fails) or its 64-byte seed d || z.
   */
  decapsulate(cipherText: Uint8Array, secretKey: Uint8Array): Uint8Array;
  /** The modulus check of FIPS 203 section 7.2 (false for a wrong length too). */
  checkPublicKey(publicKey: Uint8Array): boolean;
  /** The hash check of FIPS 203 section 7.3 on an expanded dk (false for a wrong length too). */
  checkSecretKey(secretKey: Uint8Array): boolean;
}

type MlKemExport = 'mlkemKeygen' | 'mlkemEncaps' | 'mlkemDecaps' | 'mlkemDecapsSeed' | 'mlkemCheckEk' | 'mlkemCheckDk';

export function mlKemApi(wasm: EngineExports, io: Io, level: MlKemLevel): MlKem {
  const sizes = ML_KEM_SIZES[level];
  const call = (name: MlKemExport) => wasm[name](level);

  const checkPublicKey = (pk: unknown) => bytes(pk, 'publicKey', sizes.publicKey, 'invalid_key');

  return {
    name: `ML-KEM-${level}`,
    publicKeyLength: sizes.publicKey,
    secretKeyLength: sizes.secretKey,
    cipherTextLength: sizes.cipherText,
    sharedSecretLength: ML_KEM_SHARED_SECRET_LENGTH,
    seedLength: ML_KEM_SEED_LENGTH,
    randomLength: ML_KEM_RANDOM_LENGTH,

    keygen(seed) {
      if (seed === undefined) fillRandom(io.view(MLKEM_KEY, ML_KEM_SEED_LENGTH));
      else io.write(bytes(seed, 'seed', ML_KEM_SEED_LENGTH, 'invalid_seed_length'), MLKEM_KEY);
      call('mlkemKeygen');
      const pair = { publicKey: io.read(MLKEM_CIPHERTEXT, sizes.publicKey), secretKey: io.read(MLKEM_OUT, sizes.secretKey) };
      // Secrets do not wait in IO for the next call, as in mldsa.ts: the seed and dk.
      io.clear(MLKEM_KEY, ML_KEM_SEED_LENGTH);
      io.clear(MLKEM_OUT, sizes.secretKey);
      return pair;
    },

    encapsulate(publicKey, random) {
      const ek = checkPublicKey(publicKey);
      const m = random === undefined ? null : bytes(random, 'random', ML_KEM_RANDOM_LENGTH, 'invalid_random_length');
      io.write(ek, MLKEM_KEY);
      if (m === null) fillRandom(io.view(MLKEM_RANDOM, ML_KEM_RANDOM_LENGTH));
      else io.write(m, MLKEM_RANDOM);
      const status = call('mlkemEncaps');
      io.clear(MLKEM_RANDOM, ML_KEM_RANDOM_LENGTH);
      if (status !== OK) {
        throw new EngineError('invalid_key', 'publicKey fails the FIPS 203 modulus check: a coefficient is not below q', 'publicKey');
      }
      const result = { cipherText: io.read(MLKEM_CIPHERTEXT, sizes.cipherText), sharedSecret: io.read(MLKEM_OUT, ML_KEM_SHARED_SECRET_LENGTH) };
      io.clear(MLKEM_OUT, ML_KEM_SHARED_SECRET_LENGTH);
      return result;
    },

    decapsulate(cipherText, secretKey) {
      const c = bytes(cipherText, 'cipherText', sizes.cipherText, 'invalid_ciphertext_length');
      const dk = bytes(secretKey, 'secretKey');
      if (dk.length !== sizes.secretKey && dk.length !== ML_KEM_SEED_LENGTH) {
        throw new EngineError('invalid_key', `secretKey must be ${sizes.secretKey} bytes (or a ${ML_KEM_SEED_LENGTH}-byte seed), got ${dk.length}`, 'secretKey');
      }
      io.write(dk, MLKEM_KEY);
      io.write(c, MLKEM_CIPHERTEXT);
      const status = call(dk.length === ML_KEM_SEED_LENGTH ? 'mlkemDecapsSeed' : 'mlkemDecaps');
      io.clear(MLKEM_KEY, dk.length);
      if (status !== OK) {
        throw new EngineError('invalid_key', 'secretKey fails the FIPS 203 hash check: H(ek) does not match the ek it embeds', 'secretKey');
      }
      const sharedSecret = io.read(MLKEM_OUT, ML_KEM_SHARED_SECRET_LENGTH);
      io.clear(MLKEM_OUT, ML_KEM_SHARED_SECRET_LENGTH);
      return sharedSecret;
    },

    checkPublicKey(publicKey) {
      const ek = bytes(publicKey, 'publicKey');
      if (ek.length !== sizes.publicKey) return false;
      io.write(ek, MLKEM_KEY);
      return call('mlkemCheckEk') === OK;
    },

    checkSecretKey(secretKey) {
      const dk = bytes(secretKey, 'secretKey');
      if (dk.length !== sizes.secretKey) return false;
      io.write(dk, MLKEM_KEY);
      const ok = call('mlkemCheckDk') === OK;
      io.clear(MLKEM_KEY, dk.length);
      return ok;
    },
  };
}
