/**
 * secp256k1 host API: ECDSA (RFC 6979 nonces, low-S, compact and DER signatures) and BIP-340
 * Schnorr. Arguments are checked here, randomness (random keys, BIP-340 aux, optional ECDSA
 * extra entropy) is drawn here (./random.ts), and each operation is one or a few
 * wasm calls; Schnorr messages of any length are streamed through the IO buffer.
 */
import { bytes, EngineError, options } from './errors.ts';
import { randomBytes } from './random.ts';
import { compactToDer, derToCompact } from './secp256k1_der.ts';
import {
  SECP_AUX,
  SECP_DIGEST,
  SECP_EXTRA,
  SECP_KEY,
  SECP_PUBLIC_KEY_OUT,
  SECP_SCHNORR_OUT,
  SECP_SCHNORR_SIGNATURE,
  SECP_SIGNATURE_OUT,
  SECP_VERIFY_DIGEST,
  SECP_VERIFY_SIGNATURE,
} from '../assembly/layout.ts';
import { OK, type EngineExports, type Io } from './wasm.ts';

export const SECP256K1_SECRET_KEY_LENGTH = 32;
/** SEC1 compressed public key (02 | 03 || x). */
export const SECP256K1_PUBLIC_KEY_LENGTH = 33;
/** SEC1 uncompressed public key (04 || x || y). */
export const SECP256K1_UNCOMPRESSED_PUBLIC_KEY_LENGTH = 65;
/** BIP-340 x-only public key. */
export const SECP256K1_X_ONLY_PUBLIC_KEY_LENGTH = 32;
/** Compact ECDSA r || s, and BIP-340 signatures. */
export const SECP256K1_SIGNATURE_LENGTH = 64;
/** The ECDSA message digest (SHA-256 output) and the BIP-340 aux / ECDSA extra entropy. */
export const SECP256K1_DIGEST_LENGTH = 32;
export const SECP256K1_AUX_LENGTH = 32;

export interface Secp256k1KeyPair {
  /** The scalar d in [1, n), 32 bytes big-endian. */
  secretKey: Uint8Array;
  /** d * G, SEC1 compressed (33 bytes). */
  publicKey: Uint8Array;
}

export interface EcdsaSignOptions {
  /** RFC 6979 section 3.6 additional data: 32 bytes, or true for 32 fresh random bytes. */
  extraEntropy?: Uint8Array | boolean;
}

export interface EcdsaVerifyOptions {
  /** Reject s > (n - 1) / 2 (default true, as Bitcoin and our signer do). */
  lowS?: boolean;
  /**
   * Accept only this encoding: 'compact' (64-byte r || s) or 'der'. By default both: 64 bytes are
   * read as compact first, and any signature that is strict DER as DER.
   */
  format?: 'compact' | 'der';
}

export interface Secp256k1 {
  /** A key pair: the seed is the secret key itself (it must be in [1, n)); random when omitted. */
  keygen(seed?: Uint8Array): Secp256k1KeyPair;
  /** SEC1 public key of a secret key: compressed (33 bytes, default) or uncompressed (65). */
  getPublicKey(secretKey: Uint8Array, opts?: { compressed?: boolean }): Uint8Array;
  /** ECDSA over a 32-byte digest: 64-byte r || s, deterministic (RFC 6979) and low-S. */
  ecdsaSign(messageHash: Uint8Array, secretKey: Uint8Array, opts?: EcdsaSignOptions): Uint8Array;
  /** ECDSA verification; the signature is compact (64 bytes) or DER. False for anything invalid. */
  ecdsaVerify(publicKey: Uint8Array, messageHash: Uint8Array, signature: Uint8Array, opts?: EcdsaVerifyOptions): boolean;
  /** Strict DER encoding of a compact signature. */
  ecdsaToDer(signature: Uint8Array): Uint8Array;
  /** Compact form of a strict DER signature. */
  ecdsaFromDer(der: Uint8Array): Uint8Array;
  /** BIP-340 x-only public key (32 bytes). */
  schnorrGetPublicKey(secretKey: Uint8Array): Uint8Array;
  /** BIP-340 signature of a message of any length; aux defaults to 32 fresh random bytes. */
  schnorrSign(message: Uint8Array, secretKey: Uint8Array, aux?: Uint8Array): Uint8Array;
  /** BIP-340 verification; false for anything invalid, including a key that is not on the curve. */
  schnorrVerify(xOnlyPublicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean;
}


export function secp256k1Api(wasm: EngineExports, io: Io): Secp256k1 {
  const checkSecretKey = (sk: unknown) => bytes(sk, 'secretKey', SECP256K1_SECRET_KEY_LENGTH, 'invalid_key');
  const invalidSecretKey = (param = 'secretKey') =>
    new EngineError('invalid_key', `${param} is not a valid secp256k1 secret key (it must be in [1, n))`, param);
  const checkDigest = (h: unknown) => bytes(h, 'messageHash', SECP256K1_DIGEST_LENGTH);

  /** Streams the message into the running Schnorr hash. */
  const absorbAll = (message: Uint8Array) => {
    for (let offset = 0; offset < message.length; offset += io.size) {
      const chunk = message.subarray(offset, Math.min(message.length, offset + io.size));
      io.write(chunk);
      wasm.secp256k1SchnorrAbsorb(chunk.length);
    }
  };

  const pubkeyOf = (sk: Uint8Array, compressed: boolean, param = 'secretKey') => {
    io.write(sk, SECP_KEY);
    if (wasm.secp256k1PublicKey(compressed ? 1 : 0) !== OK) throw invalidSecretKey(param);
    return io.read(SECP_PUBLIC_KEY_OUT, compressed ? SECP256K1_PUBLIC_KEY_LENGTH : SECP256K1_UNCOMPRESSED_PUBLIC_KEY_LENGTH);
  };

  const verifyCompact = (pk: Uint8Array, digest: Uint8Array, sig: Uint8Array, lowS: boolean) => {
    io.write(pk, SECP_KEY);
    io.write(digest, SECP_VERIFY_DIGEST);
    io.write(sig, SECP_VERIFY_SIGNATURE);
    return wasm.secp256k1EcdsaVerify(pk.length, lowS ? 1 : 0) === OK;
  };

  const api: Secp256k1 = {
    keygen(seed) {
      if (seed !== undefined) {
        const sk = bytes(seed, 'seed', SECP256K1_SECRET_KEY_LENGTH, 'invalid_seed_length').slice();
        return { secretKey: sk, publicKey: pubkeyOf(sk, true, 'seed') };
      }
      // A random 32-byte string is outside [1, n) with probability about 2^-128.
      for (;;) {
        const sk = randomBytes(SECP256K1_SECRET_KEY_LENGTH);
        io.write(sk, SECP_KEY);
        if (wasm.secp256k1PublicKey(1) === OK) return { secretKey: sk, publicKey: io.read(SECP_PUBLIC_KEY_OUT, SECP256K1_PUBLIC_KEY_LENGTH) };
      }
    },

    getPublicKey(secretKey, opts) {
      const o = options<{ compressed: boolean }>(opts, ['compressed']);
      if (o.compressed !== undefined && typeof o.compressed !== 'boolean') {
        throw new EngineError('invalid_option', 'options.compressed must be a boolean', 'options.compressed');
      }
      return pubkeyOf(checkSecretKey(secretKey), o.compressed ?? true);
    },

    ecdsaSign(messageHash, secretKey, opts) {
      const o = options<EcdsaSignOptions>(opts, ['extraEntropy']);
      const digest = checkDigest(messageHash);
      const sk = checkSecretKey(secretKey);
      let extra: Uint8Array | undefined;
      if (o.extraEntropy === true) extra = randomBytes(SECP256K1_AUX_LENGTH);
      else if (o.extraEntropy !== undefined && o.extraEntropy !== false) {
        extra = bytes(o.extraEntropy, 'options.extraEntropy', SECP256K1_AUX_LENGTH, 'invalid_random_length');
      }
      io.write(sk, SECP_KEY);
      io.write(digest, SECP_DIGEST);
      if (extra) io.write(extra, SECP_EXTRA);
      if (wasm.secp256k1EcdsaSign(extra ? extra.length : 0) !== OK) throw invalidSecretKey();
      return io.read(SECP_SIGNATURE_OUT, SECP256K1_SIGNATURE_LENGTH);
    },

    ecdsaVerify(publicKey, messageHash, signature, opts) {
      const o = options<EcdsaVerifyOptions>(opts, ['lowS', 'format']);
      if (o.lowS !== undefined && typeof o.lowS !== 'boolean') {
        throw new EngineError('invalid_option', 'options.lowS must be a boolean', 'options.lowS');
      }
      if (o.format !== undefined && o.format !== 'compact' && o.format !== 'der') {
        throw new EngineError('invalid_option', "options.format must be 'compact' or 'der'", 'options.format');
      }
      const pk = bytes(publicKey, 'publicKey');
      if (pk.length !== SECP256K1_PUBLIC_KEY_LENGTH && pk.length !== SECP256K1_UNCOMPRESSED_PUBLIC_KEY_LENGTH) {
        throw new EngineError('invalid_key', `publicKey must be 33 (compressed) or 65 (uncompressed) bytes, got ${pk.length}`, 'publicKey');
      }
      const digest = checkDigest(messageHash);
      const sig = bytes(signature, 'signature');
      const lowS = o.lowS ?? true;
      // 64 bytes is the compact form; a DER signature can also be 64 bytes long, so that
      // reading is tried too when the compact one fails (unless a format is named).
      if (o.format !== 'der' && sig.length === SECP256K1_SIGNATURE_LENGTH && verifyCompact(pk, digest, sig, lowS)) return true;
      if (o.format === 'compact') return false;
      const compact = derToCompact(sig);
      return compact !== null && verifyCompact(pk, digest, compact, lowS);
    },

    ecdsaToDer(signature) {
      return compactToDer(bytes(signature, 'signature', SECP256K1_SIGNATURE_LENGTH, 'invalid_signature_length'));
    },

    ecdsaFromDer(der) {
      const compact = derToCompact(bytes(der, 'signature'));
      if (compact === null) throw new EngineError('invalid_signature', 'signature is not a strict DER ECDSA signature', 'signature');
      return compact;
    },

    schnorrGetPublicKey(secretKey) {
      io.write(checkSecretKey(secretKey), SECP_KEY);
      if (wasm.secp256k1SchnorrPublicKey() !== OK) throw invalidSecretKey();
      return io.read(SECP_PUBLIC_KEY_OUT, SECP256K1_X_ONLY_PUBLIC_KEY_LENGTH);
    },

    schnorrSign(message, secretKey, aux) {
      const msg = bytes(message, 'message');
      const sk = checkSecretKey(secretKey);
      const a = aux === undefined ? randomBytes(SECP256K1_AUX_LENGTH) : bytes(aux, 'aux', SECP256K1_AUX_LENGTH, 'invalid_random_length');
      io.write(sk, SECP_KEY);
      io.write(a, SECP_AUX);
      if (wasm.secp256k1SchnorrSignBegin() !== OK) throw invalidSecretKey();
      absorbAll(msg);
      if (wasm.secp256k1SchnorrSignNonce() !== OK) throw new EngineError('engine_failure', 'BIP-340 nonce was zero; retry with other aux', 'aux');
      absorbAll(msg);
      wasm.secp256k1SchnorrSignFinish();
      return io.read(SECP_SCHNORR_OUT, SECP256K1_SIGNATURE_LENGTH);
    },

    schnorrVerify(xOnlyPublicKey, message, signature) {
      const pk = bytes(xOnlyPublicKey, 'xOnlyPublicKey', SECP256K1_X_ONLY_PUBLIC_KEY_LENGTH, 'invalid_key');
      const msg = bytes(message, 'message');
      const sig = bytes(signature, 'signature', SECP256K1_SIGNATURE_LENGTH, 'invalid_signature_length');
      io.write(pk, SECP_KEY);
      io.write(sig, SECP_SCHNORR_SIGNATURE);
      if (wasm.secp256k1SchnorrVerifyBegin() !== OK) return false;
      absorbAll(msg);
      return wasm.secp256k1SchnorrVerifyFinish() === OK;
    },
  };
  return api;
}
