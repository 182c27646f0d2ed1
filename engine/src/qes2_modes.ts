/**
 * The QES2 modes the engine implements (docs/crypto/qes2.md) and what it states about each: the
 * algorithm's name, the composite Label (in M' and as the ML-DSA-65 half's FIPS 204 context), the
 * sizes and the signing process that qes2.parts() reports. The engine imports nothing from the
 * product (engine/layering.test.ts); the product's scheme registry, shared/schemes.ts, takes these
 * facts from here. No imports, so the registry can load it without the engine.
 */

/** FIPS 204 ML-DSA-65 sizes, the composite's first half. */
const ML_DSA_65_PUBLIC_KEY = 1952;
const ML_DSA_65_SIGNATURE = 3309;
/** The secp256k1 half: a 64-byte signature (ECDSA compact r || s, or BIP-340 R.x || s). */
const QES2_SIGNATURE = ML_DSA_65_SIGNATURE + 64;
const BUILD_M = "build M' = Prefix || Label || len(ctx) || ctx || SHA-512(M)";

export const QES2_ALGORITHMS = {
  ecdsa: {
    name: 'QES2_ECDSA',
    label: 'QES2-MLDSA65-ECDSA-secp256k1-SHA512',
    /** ML-DSA-65 key || 33-byte compressed SEC1 key. */
    publicKeyLength: ML_DSA_65_PUBLIC_KEY + 33,
    signatureLength: QES2_SIGNATURE,
    steps: [BUILD_M, 'ML-DSA-65 sign', 'ECDSA secp256k1 sign (RFC 6979, low-S)', 'concatenate'],
  },
  schnorr: {
    name: 'QES2_Schnorr',
    label: 'QES2-MLDSA65-BIP340-SHA512',
    /** ML-DSA-65 key || 32-byte x-only key. */
    publicKeyLength: ML_DSA_65_PUBLIC_KEY + 32,
    signatureLength: QES2_SIGNATURE,
    steps: [BUILD_M, 'ML-DSA-65 sign', 'BIP-340 Schnorr sign', 'concatenate'],
  },
} as const;

export type Qes2Mode = keyof typeof QES2_ALGORITHMS;
/** The algorithm names: 'QES2_ECDSA' | 'QES2_Schnorr'. */
export type Qes2Name = (typeof QES2_ALGORITHMS)[Qes2Mode]['name'];
/** The modes in order. */
export const QES2_MODES = Object.keys(QES2_ALGORITHMS) as [Qes2Mode, ...Qes2Mode[]];
/** A value for every QES2 mode: a missing or extra key is a compile error. */
export type PerQes2Mode<T> = { readonly [M in Qes2Mode]: T };
