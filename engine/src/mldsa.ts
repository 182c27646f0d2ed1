/**
 * ML-DSA (FIPS 204) host API: argument checks and the message representative M' (pure, HashML-DSA
 * or internal), then one wasm call for the lattice work. An M' that fits in IO goes to the engine,
 * which computes mu = H(tr || M', 64) itself (verification hashes tr and mu beside ExpandA,
 * decision 077); a longer one is streamed through the engine's sponge into mu here. Randomness is
 * drawn here, never inside wasm.
 */
import { bytes, EngineError, options } from './errors.ts';
import { absorbAll, keccak, outputAll } from './hash.ts';
import { fillRandom, randomBytes } from './random.ts';
import { PREHASHES, type HashFunctions, type PrehashName } from './prehash.ts';
import { MLDSA_IN, MLDSA_MESSAGE, MLDSA_MESSAGE_MAX, MLDSA_MU, MLDSA_OUT, MLDSA_OUT_JSON, MLDSA_OUT_SECRET_KEY, MLDSA_OUT_Z, MLDSA_RANDOM, MLDSA_SIGNATURE } from '../assembly/layout.ts';
import { OK, type EngineExports, type Io } from './wasm.ts';

export type MlDsaLevel = 44 | 65 | 87;

/** FIPS 204 sizes in bytes for each parameter set. */
export const ML_DSA_SIZES = {
  44: { publicKey: 1312, secretKey: 2560, signature: 2420 },
  65: { publicKey: 1952, secretKey: 4032, signature: 3309 },
  87: { publicKey: 2592, secretKey: 4896, signature: 4627 },
} as const;
export const ML_DSA_SEED_LENGTH = 32;
export const ML_DSA_RANDOM_LENGTH = 32;
export const ML_DSA_MU_LENGTH = 64;
export const ML_DSA_MAX_CONTEXT = 255;

export interface MlDsaKeyPair {
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

export interface MlDsaSignatureParts {
  cTilde: Uint8Array;
  c: Int32Array;
  z: Int32Array;
  hintCount: number | null;
}

export interface MlDsaSignOptions {
  /** Context string, 0..255 bytes (default empty). */
  context?: Uint8Array;
  /** 32 bytes of signer randomness, or false for the deterministic variant; default: fresh random. */
  random?: Uint8Array | false;
  /** HashML-DSA: sign PH(message) with this hash instead of the message itself. */
  prehash?: PrehashName;
  /**
   * With `prehash`: the message argument already is PH(M), computed by the caller (a KMS client
   * that never sends M), of the hash's output length (64 bytes for sha512 and shake256).
   */
  prehashed?: boolean;
  /** The message argument is a 64-byte mu computed elsewhere (e.g. by a KMS client). */
  externalMu?: boolean;
}

export interface MlDsaVerifyOptions {
  context?: Uint8Array;
  prehash?: PrehashName;
  prehashed?: boolean;
  externalMu?: boolean;
}

export interface MlDsa {
  readonly name: `ML-DSA-${MlDsaLevel}`;
  readonly publicKeyLength: number;
  readonly secretKeyLength: number;
  readonly signatureLength: number;
  readonly seedLength: number;
  /** KeyGen from a 32-byte seed (ML-DSA.KeyGen_internal), or from a fresh random seed. */
  keygen(seed?: Uint8Array): MlDsaKeyPair;
  /** ML-DSA.Sign (pure by default; HashML-DSA with `prehash`; from mu with `externalMu`). */
  sign(message: Uint8Array, secretKey: Uint8Array, opts?: MlDsaSignOptions): Uint8Array;
  /** ML-DSA.Verify; false for any invalid signature of the right length. */
  verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array, opts?: MlDsaVerifyOptions): boolean;
  /** ML-DSA.Sign_internal on M' = message (ACVP "internal" interface). */
  signInternal(message: Uint8Array, secretKey: Uint8Array, opts?: { random?: Uint8Array | false; externalMu?: boolean }): Uint8Array;
  /**
   * The parts of a signature a person can inspect: c~, the challenge c = SampleInBall(c~) (256
   * coefficients in {-1, 0, 1}), z (l * 256 coefficients) and the number of hint bits (null when
   * the hint encoding is malformed: such a signature never verifies).
   */
  decodeSignature(signature: Uint8Array): MlDsaSignatureParts;
  /**
   * decodeSignature's c and z as JSON object members, `"c":[…],"z":[…]`: the text
   * JSON.stringify({ c, z }) gives for them without its braces, written by the engine.
   */
  decodeSignatureJson(signature: Uint8Array): string;
  /** ML-DSA.Verify_internal on M' = message. */
  verifyInternal(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array, opts?: { externalMu?: boolean }): boolean;
}

/** c~ length (lambda / 4) and l (the number of z polynomials) per parameter set. */
const CTILDE = { 44: 32, 65: 48, 87: 64 } as const;
const L = { 44: 4, 65: 5, 87: 7 } as const;

const SIGN_KEYS = ['context', 'random', 'prehash', 'prehashed', 'externalMu'] as const;
const VERIFY_KEYS = ['context', 'prehash', 'prehashed', 'externalMu'] as const;

export function mlDsaApi(wasm: EngineExports, io: Io, hashes: HashFunctions, level: MlDsaLevel): MlDsa {
  const sizes = ML_DSA_SIZES[level];
  const shake256 = keccak(wasm, 136, 0x1f);

  /** mu = SHAKE256(tr || parts..., 64), streamed so the message never has to fit in IO. */
  const mu = (tr: Uint8Array, parts: Uint8Array[]): Uint8Array => {
    shake256.init();
    absorbAll(io, shake256, tr);
    for (const part of parts) absorbAll(io, shake256, part);
    return outputAll(io, shake256, ML_DSA_MU_LENGTH);
  };
  const trOf = (publicKey: Uint8Array) => {
    shake256.init();
    absorbAll(io, shake256, publicKey);
    return outputAll(io, shake256, 64);
  };

  /** The parts of M' after tr, per FIPS 204 Algorithms 2 and 4. */
  const messageParts = (message: Uint8Array, opts: MlDsaVerifyOptions): Uint8Array[] | null => {
    const context = opts.context === undefined ? new Uint8Array(0) : bytes(opts.context, 'options.context');
    if (context.length > ML_DSA_MAX_CONTEXT) {
      throw new EngineError('context_too_long', `options.context must be at most ${ML_DSA_MAX_CONTEXT} bytes, got ${context.length}`, 'options.context');
    }
    if (opts.externalMu !== undefined && typeof opts.externalMu !== 'boolean') {
      throw new EngineError('invalid_option', 'options.externalMu must be a boolean', 'options.externalMu');
    }
    if (opts.prehashed !== undefined && typeof opts.prehashed !== 'boolean') {
      throw new EngineError('invalid_option', 'options.prehashed must be a boolean', 'options.prehashed');
    }
    if (opts.prehashed && opts.prehash === undefined) {
      throw new EngineError('invalid_option', 'options.prehashed needs options.prehash: the hash that made the digest', 'options.prehashed');
    }
    if (opts.externalMu) {
      if (opts.context !== undefined || opts.prehash !== undefined) {
        throw new EngineError('invalid_option', 'options.externalMu cannot be combined with context or prehash: mu already binds them', 'options.externalMu');
      }
      bytes(message, 'mu', ML_DSA_MU_LENGTH, 'invalid_mu_length');
      return null;
    }
    if (opts.prehash === undefined) return [new Uint8Array([0, context.length]), context, message];
    if (typeof opts.prehash !== 'string' || !Object.hasOwn(PREHASHES, opts.prehash)) {
      throw new EngineError('unsupported_hash', `options.prehash must be one of ${Object.keys(PREHASHES).join(', ')}`, 'options.prehash');
    }
    const ph = PREHASHES[opts.prehash];
    const digest = opts.prehashed ? bytes(message, 'message (the digest)', ph.length, 'invalid_length') : ph.digest(hashes, message);
    return [new Uint8Array([1, context.length]), context, ph.oid, digest];
  };

  const randomFor = (random: unknown): Uint8Array => {
    if (random === undefined) return randomBytes(ML_DSA_RANDOM_LENGTH);
    if (random === false) return new Uint8Array(ML_DSA_RANDOM_LENGTH);
    return bytes(random, 'options.random', ML_DSA_RANDOM_LENGTH, 'invalid_random_length');
  };

  /** Writes M' = parts at MLDSA_MESSAGE: its length, or -1 (nothing written) when it does not fit. */
  const placeMessage = (parts: Uint8Array[]): number => {
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    if (length > MLDSA_MESSAGE_MAX) return -1;
    let offset = MLDSA_MESSAGE;
    for (const part of parts) {
      io.write(part, offset);
      offset += part.length;
    }
    return length;
  };

  /** mu at MLDSA_MU (null: M' of messageLen bytes is at MLDSA_MESSAGE). */
  const signWith = (m: Uint8Array | null, messageLen: number, secretKey: Uint8Array, rnd: Uint8Array): Uint8Array => {
    io.write(secretKey, MLDSA_IN);
    if (m !== null) io.write(m, MLDSA_MU);
    io.write(rnd, MLDSA_RANDOM);
    const attempts = wasm.mldsaSign(level, messageLen);
    io.clear(MLDSA_IN, sizes.secretKey);
    io.clear(MLDSA_RANDOM, ML_DSA_RANDOM_LENGTH);
    if (attempts < 0) throw new EngineError('invalid_key', 'secretKey is corrupt: no signature could be produced', 'secretKey');
    return io.read(MLDSA_OUT, sizes.signature);
  };

  const verifyWith = (publicKey: Uint8Array, m: Uint8Array | null, messageLen: number, signature: Uint8Array): boolean => {
    io.write(publicKey, MLDSA_IN);
    if (m !== null) io.write(m, MLDSA_MU);
    io.write(signature, MLDSA_SIGNATURE);
    return wasm.mldsaVerify(level, messageLen) === OK;
  };

  /** Signs M' = parts, or the given mu when parts is null. */
  const signParts = (parts: Uint8Array[] | null, m: Uint8Array, sk: Uint8Array, rnd: Uint8Array): Uint8Array => {
    if (parts === null) return signWith(m, -1, sk, rnd);
    const length = placeMessage(parts);
    return length < 0 ? signWith(mu(sk.subarray(64, 128), parts), -1, sk, rnd) : signWith(null, length, sk, rnd);
  };

  /** Verifies over M' = parts, or over the given mu when parts is null. */
  const verifyParts = (pk: Uint8Array, parts: Uint8Array[] | null, m: Uint8Array, sig: Uint8Array): boolean => {
    if (parts === null) return verifyWith(pk, m, -1, sig);
    const length = placeMessage(parts);
    return length < 0 ? verifyWith(pk, mu(trOf(pk), parts), -1, sig) : verifyWith(pk, null, length, sig);
  };

  const checkSecretKey = (sk: unknown) => bytes(sk, 'secretKey', sizes.secretKey, 'invalid_key');
  const checkPublicKey = (pk: unknown) => bytes(pk, 'publicKey', sizes.publicKey, 'invalid_key');
  const checkSignature = (sig: unknown) => bytes(sig, 'signature', sizes.signature, 'invalid_signature_length');

  return {
    name: `ML-DSA-${level}`,
    publicKeyLength: sizes.publicKey,
    secretKeyLength: sizes.secretKey,
    signatureLength: sizes.signature,
    seedLength: ML_DSA_SEED_LENGTH,

    keygen(seed) {
      if (seed === undefined) fillRandom(io.view(MLDSA_IN, ML_DSA_SEED_LENGTH));
      else io.write(bytes(seed, 'seed', ML_DSA_SEED_LENGTH, 'invalid_seed_length'), MLDSA_IN);
      wasm.mldsaKeygen(level);
      const pair = { publicKey: io.read(MLDSA_OUT, sizes.publicKey), secretKey: io.read(MLDSA_OUT_SECRET_KEY, sizes.secretKey) };
      io.clear(MLDSA_IN, ML_DSA_SEED_LENGTH);
      io.clear(MLDSA_OUT_SECRET_KEY, sizes.secretKey);
      return pair;
    },

    sign(message, secretKey, opts) {
      const o = options<MlDsaSignOptions>(opts, SIGN_KEYS);
      const msg = bytes(message, 'message');
      const sk = checkSecretKey(secretKey);
      const rnd = randomFor(o.random);
      return signParts(messageParts(msg, o), msg, sk, rnd);
    },

    verify(publicKey, message, signature, opts) {
      const o = options<MlDsaVerifyOptions>(opts, VERIFY_KEYS);
      const msg = bytes(message, 'message');
      const pk = checkPublicKey(publicKey);
      const sig = checkSignature(signature);
      return verifyParts(pk, messageParts(msg, o), msg, sig);
    },

    decodeSignature(signature) {
      const sig = checkSignature(signature);
      io.write(sig, MLDSA_IN);
      const hints = wasm.mldsaDecode(level);
      const hintCount = hints < 0 ? null : hints;
      const ints = (offset: number, count: number) => new Int32Array(io.read(offset, count * 4).buffer);
      return { cTilde: sig.slice(0, CTILDE[level]), c: ints(MLDSA_OUT, 256), z: ints(MLDSA_OUT_Z, L[level] * 256), hintCount };
    },

    decodeSignatureJson(signature) {
      io.write(checkSignature(signature), MLDSA_IN);
      return io.readText(MLDSA_OUT_JSON, wasm.mldsaDecodeJson(level));
    },

    signInternal(message, secretKey, opts) {
      const o = options<MlDsaSignOptions>(opts, ['random', 'externalMu']);
      const msg = bytes(message, 'message');
      const sk = checkSecretKey(secretKey);
      const rnd = randomFor(o.random);
      if (o.externalMu) bytes(msg, 'mu', ML_DSA_MU_LENGTH, 'invalid_mu_length');
      return signParts(o.externalMu ? null : [msg], msg, sk, rnd);
    },

    verifyInternal(publicKey, message, signature, opts) {
      const o = options<MlDsaVerifyOptions>(opts, ['externalMu']);
      const msg = bytes(message, 'message');
      const pk = checkPublicKey(publicKey);
      const sig = checkSignature(signature);
      if (o.externalMu) bytes(msg, 'mu', ML_DSA_MU_LENGTH, 'invalid_mu_length');
      return verifyParts(pk, o.externalMu ? null : [msg], msg, sig);
    },
  };
}
