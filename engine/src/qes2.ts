/**
 * QES2_ECDSA and QES2_Schnorr: composite ML-DSA-65 + secp256k1 signatures built exactly like the
 * IETF composite-signature draft (draft-ietf-lamps-pq-composite-sigs-19) with private labels; see
 * docs/crypto/qes2.md. Both halves sign the message representative
 *   M' = Prefix || Label || len(ctx) || ctx || SHA-512(M)
 * ML-DSA-65 with its FIPS 204 context set to the Label, secp256k1 over SHA-256(M') (ECDSA with
 * RFC 6979, low-S, compact; or BIP-340). Signature = ML-DSA part || secp256k1 part; both must
 * verify, and any length or parsing error is simply 'invalid'. QES2 is not an IETF algorithm and
 * has no OID.
 */
import { bytes, EngineError, options } from './errors.ts';
import type { MlDsa, MlDsaSignatureParts } from './mldsa.ts';
import type { HashFunctions } from './prehash.ts';
import { QES2_ALGORITHMS, type PerQes2Mode, type Qes2Mode, type Qes2Name } from './qes2_modes.ts';
import { randomBytes } from './random.ts';
import type { Secp256k1 } from './secp256k1.ts';

const ascii = (s: string) => new TextEncoder().encode(s);

/** The draft's domain-separation prefix, "CompositeAlgorithmSignatures2025". */
export const QES2_PREFIX = ascii('CompositeAlgorithmSignatures2025');
export const QES2_MAX_CONTEXT = 255;
/** Secret key = ML-DSA-65 seed (32) || secp256k1 scalar (32); also the keygen seed. */
export const QES2_SECRET_KEY_LENGTH = 64;
export const QES2_SIGNATURE_LENGTH = QES2_ALGORITHMS.ecdsa.signatureLength;

export type { Qes2Mode } from './qes2_modes.ts';

/** The secp256k1 half of each mode: how its key is derived, and what signs and verifies SHA-256(M'). */
interface SecpHalf {
  publicKey(scalar: Uint8Array): Uint8Array;
  sign(digest: Uint8Array, scalar: Uint8Array): Uint8Array;
  /** ECDSA is read as compact r || s only (low-S); BIP-340 as R.x || s. */
  verify(publicKey: Uint8Array, digest: Uint8Array, signature: Uint8Array): boolean;
}

const secpHalves = (secp: Secp256k1): PerQes2Mode<SecpHalf> => ({
  ecdsa: {
    publicKey: (scalar) => secp.getPublicKey(scalar),
    sign: (digest, scalar) => secp.ecdsaSign(digest, scalar),
    verify: (pk, digest, sig) => secp.ecdsaVerify(pk, digest, sig, { format: 'compact' }),
  },
  schnorr: {
    publicKey: (scalar) => secp.schnorrGetPublicKey(scalar),
    sign: (digest, scalar) => secp.schnorrSign(digest, scalar),
    verify: (pk, digest, sig) => secp.schnorrVerify(pk, digest, sig),
  },
});

export interface Qes2KeyPair {
  /** ML-DSA-65 public key (1,952) || secp256k1 key (33 compressed for ECDSA, 32 x-only for Schnorr). */
  publicKey: Uint8Array;
  /** ML-DSA-65 seed (32) || secp256k1 scalar (32). */
  secretKey: Uint8Array;
}

export interface Qes2Options {
  /** Application context, 0..255 bytes (default empty); it goes into M', never into ML-DSA's context. */
  context?: Uint8Array;
  /**
   * The message argument already is SHA-512(M), the 64 bytes M' holds (a KMS client that never
   * sends M): the signature is the same as over M itself.
   */
  prehashed?: boolean;
}

/** SHA-512 output: the PH(M) in M'. */
export const QES2_DIGEST_LENGTH = 64;

/** A QES2 signature taken apart for display. */
export interface Qes2Parts {
  /** The ML-DSA-65 half (3,309 bytes). */
  mlDsa: Uint8Array;
  /** The secp256k1 half (64 bytes: ECDSA r || s, or BIP-340 R.x || s). */
  secp256k1: Uint8Array;
  /** The ML-DSA half's commitment hash c~ (48 bytes). */
  cTilde: Uint8Array;
  /** The first coefficients of z[0], or null when the ML-DSA half does not decode. */
  z: number[] | null;
  /** PH(M) = SHA-512(message), when the message was given. */
  preHash: Uint8Array | null;
  /** M', when the message was given. */
  messageRepresentative: Uint8Array | null;
  /** The signing process: build M', ML-DSA-65 sign, secp256k1 sign, concatenate. */
  steps: readonly string[];
}

export interface Qes2 {
  readonly name: Qes2Name;
  /** The Label in M' and ML-DSA's context (ASCII). */
  readonly label: string;
  readonly publicKeyLength: number;
  readonly secretKeyLength: number;
  readonly signatureLength: number;
  /** Key pair from a 64-byte seed (= the secret key; its scalar half must be in [1, n)), or random. */
  keygen(seed?: Uint8Array): Qes2KeyPair;
  sign(message: Uint8Array, secretKey: Uint8Array, opts?: Qes2Options): Uint8Array;
  /** True only when both halves verify; false for wrong lengths or unparsable keys or signatures. */
  verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array, opts?: Qes2Options): boolean;
  /**
   * Each half's verdict on its own (verify() is their conjunction and stops at the first failure):
   * for showing which half failed. Both false for wrong lengths.
   */
  verifyHalves(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array, opts?: Qes2Options): { mlDsa: boolean; secp256k1: boolean };
  /** M' = Prefix || Label || len(ctx) || ctx || SHA-512(message), what both halves sign. */
  messageRepresentative(message: Uint8Array, opts?: Qes2Options): Uint8Array;
  /** The halves and intermediate values of a signature, for the demo. */
  parts(signature: Uint8Array, message?: Uint8Array, opts?: Qes2Options): Qes2Parts;
}

const ML_DSA_PK = 1952;
const ML_DSA_SIG = 3309;
const SEED = 32;
/** How many z coefficients parts() shows. */
const Z_SHOWN = 8;
/** The group order n, big-endian. */
const ORDER = new Uint8Array([
  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
  0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
]);

/** Whether 32 big-endian bytes are a scalar in [1, n), without an early exit on the secret. */
function isScalar(b: Uint8Array): boolean {
  let any = 0;
  let borrow = 0;
  for (let i = 31; i >= 0; i--) {
    any |= b[i];
    borrow = (b[i] - ORDER[i] - borrow) >>> 31; // 1 when this byte (with the borrow) went below zero
  }
  return any !== 0 && borrow === 1;
}

export function qes2Api(hashes: HashFunctions, mlDsa65: MlDsa, secp: Secp256k1, mode: Qes2Mode): Qes2 {
  const algorithm = QES2_ALGORITHMS[mode];
  const { name, label } = algorithm;
  const labelBytes = ascii(label);
  const sizes = { publicKey: algorithm.publicKeyLength, signature: algorithm.signatureLength, secretKey: QES2_SECRET_KEY_LENGTH };
  const steps = Object.freeze([...algorithm.steps]);
  const half = secpHalves(secp)[mode];

  const contextOf = (opts: unknown): Uint8Array => {
    const o = options<Qes2Options>(opts, ['context', 'prehashed']);
    const ctx = o.context === undefined ? new Uint8Array(0) : bytes(o.context, 'options.context');
    if (ctx.length > QES2_MAX_CONTEXT) {
      throw new EngineError('context_too_long', `options.context must be at most ${QES2_MAX_CONTEXT} bytes, got ${ctx.length}`, 'options.context');
    }
    return ctx;
  };

  /** SHA-512(M): computed here, or given by the caller with `prehashed`. */
  const preHashOf = (message: unknown, opts: unknown): Uint8Array => {
    const msg = bytes(message, 'message');
    const prehashed = (options<Qes2Options>(opts, ['context', 'prehashed'])).prehashed;
    if (prehashed !== undefined && typeof prehashed !== 'boolean') {
      throw new EngineError('invalid_option', 'options.prehashed must be a boolean', 'options.prehashed');
    }
    return prehashed ? bytes(msg, 'message (the SHA-512 digest)', QES2_DIGEST_LENGTH) : hashes.sha512(msg);
  };

  const representative = (preHash: Uint8Array, ctx: Uint8Array): Uint8Array => {
    const out = new Uint8Array(QES2_PREFIX.length + labelBytes.length + 1 + ctx.length + preHash.length);
    let at = 0;
    for (const part of [QES2_PREFIX, labelBytes, new Uint8Array([ctx.length]), ctx, preHash]) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  };

  const secpPublicKey = (scalar: Uint8Array, param: string) => {
    try {
      return half.publicKey(scalar);
    } catch {
      throw new EngineError('invalid_key', `${param}: the secp256k1 half is not a valid scalar (it must be in [1, n))`, param);
    }
  };

  const keyPair = (seed: Uint8Array, param: string): Qes2KeyPair => {
    const mlPk = mlDsa65.keygen(seed.subarray(0, SEED)).publicKey;
    const secpPk = secpPublicKey(seed.subarray(SEED), param);
    const publicKey = new Uint8Array(sizes.publicKey);
    publicKey.set(mlPk);
    publicKey.set(secpPk, ML_DSA_PK);
    return { publicKey, secretKey: seed.slice() };
  };

  /** Arguments checked and M' built, or null when a length rules the signature out. */
  const checked = (publicKey: unknown, message: unknown, signature: unknown, opts: unknown) => {
    const pk = bytes(publicKey, 'publicKey');
    const preHash = preHashOf(message, opts);
    const sig = bytes(signature, 'signature');
    const ctx = contextOf(opts);
    if (pk.length !== sizes.publicKey || sig.length !== QES2_SIGNATURE_LENGTH) return null;
    return { pk, sig, m: representative(preHash, ctx) };
  };
  const verifyMlDsa = (pk: Uint8Array, m: Uint8Array, sig: Uint8Array) =>
    mlDsa65.verify(pk.subarray(0, ML_DSA_PK), m, sig.subarray(0, ML_DSA_SIG), { context: labelBytes });
  /** The secp256k1 half over SHA-256(M'); ECDSA as compact r || s only, low-S. */
  const verifySecp = (pk: Uint8Array, m: Uint8Array, sig: Uint8Array) => {
    return half.verify(pk.subarray(ML_DSA_PK), hashes.sha256(m), sig.subarray(ML_DSA_SIG));
  };

  return {
    name,
    label,
    publicKeyLength: sizes.publicKey,
    secretKeyLength: sizes.secretKey,
    signatureLength: sizes.signature,

    keygen(seed) {
      if (seed !== undefined) return keyPair(bytes(seed, 'seed', QES2_SECRET_KEY_LENGTH, 'invalid_seed_length'), 'seed');
      const sk = new Uint8Array(QES2_SECRET_KEY_LENGTH);
      sk.set(randomBytes(SEED));
      sk.set(secp.keygen().secretKey, SEED);
      return keyPair(sk, 'seed');
    },

    sign(message, secretKey, opts) {
      const preHash = preHashOf(message, opts);
      const sk = bytes(secretKey, 'secretKey', QES2_SECRET_KEY_LENGTH, 'invalid_key');
      const m = representative(preHash, contextOf(opts));
      const scalar = sk.subarray(SEED);
      // Refuse a bad scalar before the ML-DSA work (a range check, not a point multiplication).
      if (!isScalar(scalar)) throw new EngineError('invalid_key', 'secretKey: the secp256k1 half is not a valid scalar (it must be in [1, n))', 'secretKey');
      const mlSig = mlDsa65.sign(m, mlDsa65.keygen(sk.subarray(0, SEED)).secretKey, { context: labelBytes });
      const digest = hashes.sha256(m);
      const secpSig = half.sign(digest, scalar);
      const out = new Uint8Array(QES2_SIGNATURE_LENGTH);
      out.set(mlSig);
      out.set(secpSig, ML_DSA_SIG);
      return out;
    },

    verify(publicKey, message, signature, opts) {
      const c = checked(publicKey, message, signature, opts);
      return c !== null && verifyMlDsa(c.pk, c.m, c.sig) && verifySecp(c.pk, c.m, c.sig);
    },

    verifyHalves(publicKey, message, signature, opts) {
      const c = checked(publicKey, message, signature, opts);
      if (c === null) return { mlDsa: false, secp256k1: false };
      return { mlDsa: verifyMlDsa(c.pk, c.m, c.sig), secp256k1: verifySecp(c.pk, c.m, c.sig) };
    },

    messageRepresentative(message, opts) {
      return representative(preHashOf(message, opts), contextOf(opts));
    },

    parts(signature, message, opts) {
      const sig = bytes(signature, 'signature', QES2_SIGNATURE_LENGTH, 'invalid_signature_length');
      const mlDsa = sig.slice(0, ML_DSA_SIG);
      const decoded: MlDsaSignatureParts | null = mlDsa65.decodeSignature(mlDsa);
      let preHash: Uint8Array | null = null;
      let m: Uint8Array | null = null;
      if (message !== undefined) {
        preHash = preHashOf(message, opts);
        m = representative(preHash, contextOf(opts));
      } else {
        contextOf(opts);
      }
      return {
        mlDsa,
        secp256k1: sig.slice(ML_DSA_SIG),
        cTilde: mlDsa.slice(0, 48),
        z: decoded ? Array.from(decoded.z.subarray(0, Z_SHOWN)) : null,
        preHash,
        messageRepresentative: m,
        steps,
      };
    },
  };
}
