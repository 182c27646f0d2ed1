/**
 * QES2 (docs/crypto/qes2.md): the draft's own composite vectors prove M', then QES2 round trips,
 * independent verification of each half, tampering, swapped halves and labels, input codes, memory.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromBase64, fromHex, toHex } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';
import { readJson } from '../test-support/vectors.ts';
import { QES2_PREFIX, type Qes2 } from './index.ts';

const ascii = (s: string) => new TextEncoder().encode(s);
const rand = (n: number) => new Uint8Array(randomBytes(n));
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const flip = (b: Uint8Array, bit: number) => {
  const c = b.slice();
  c[bit >> 3] ^= 1 << (bit & 7);
  return c;
};
const codeOf = (code: string, param?: string) => expect.objectContaining(param ? { code, param } : { code });

/** M' exactly as the draft writes it, built here independently of the engine's QES2 code. */
const mPrime = (label: string, ctx: Uint8Array, message: Uint8Array) =>
  concat(ascii('CompositeAlgorithmSignatures2025'), ascii(label), new Uint8Array([ctx.length]), ctx, sha512(message));

/** The draft's labels of its eight ML-DSA-65 combinations (its tcId with "id-" as "COMPSIG-", brainpool as BP256). */
const DRAFT_LABELS: Record<string, string> = {
  'id-MLDSA65-RSA3072-PSS-SHA512': 'COMPSIG-MLDSA65-RSA3072-PSS-SHA512',
  'id-MLDSA65-RSA3072-PKCS15-SHA512': 'COMPSIG-MLDSA65-RSA3072-PKCS15-SHA512',
  'id-MLDSA65-RSA4096-PSS-SHA512': 'COMPSIG-MLDSA65-RSA4096-PSS-SHA512',
  'id-MLDSA65-RSA4096-PKCS15-SHA512': 'COMPSIG-MLDSA65-RSA4096-PKCS15-SHA512',
  'id-MLDSA65-ECDSA-P256-SHA512': 'COMPSIG-MLDSA65-ECDSA-P256-SHA512',
  'id-MLDSA65-ECDSA-P384-SHA512': 'COMPSIG-MLDSA65-ECDSA-P384-SHA512',
  'id-MLDSA65-ECDSA-brainpoolP256r1-SHA512': 'COMPSIG-MLDSA65-ECDSA-BP256-SHA512',
  'id-MLDSA65-Ed25519-SHA512': 'COMPSIG-MLDSA65-Ed25519-SHA512',
};

interface CompositeVectors {
  m: string;
  ctx: string;
  tests: { tcId: string; pk: string; sk: string; s: string; sWithContext: string }[];
}

describe("the composite draft's vectors prove M'", () => {
  const vectors = () => readJson<CompositeVectors>('composite', 'testvectors.json');

  it('has the prefix of draft-ietf-lamps-pq-composite-sigs-19', () => {
    expect(toHex(QES2_PREFIX)).toBe('436f6d706f73697465416c676f726974686d5369676e61747572657332303235');
  });

  it('verifies the ML-DSA-65 half of every ML-DSA-65 combination over M\' with context = Label, with and without ctx', () => {
    const { m, ctx, tests } = vectors();
    const cases = tests.filter((t) => t.tcId.startsWith('id-MLDSA65-'));
    expect(cases.map((t) => t.tcId).sort()).toEqual(Object.keys(DRAFT_LABELS).sort());
    for (const t of cases) {
      const label = DRAFT_LABELS[t.tcId];
      const pk = fromBase64(t.pk).subarray(0, 1952);
      for (const [sig, context] of [[fromBase64(t.s), new Uint8Array(0)], [fromBase64(t.sWithContext), fromBase64(ctx)]] as const) {
        const m1 = mPrime(label, context, fromBase64(m));
        expect(engine.mlDsa65.verify(pk, m1, sig.subarray(0, 3309), { context: ascii(label) }), t.tcId).toBe(true);
        // The application context lives in M' only: as ML-DSA's context it must fail.
        expect(engine.mlDsa65.verify(pk, m1, sig.subarray(0, 3309), { context })).toBe(false);
      }
    }
  });

  it('verifies the traditional half of the P-256 and Ed25519 combinations over the same M\'', () => {
    const { m, ctx, tests } = vectors();
    for (const [sigKey, context] of [['s', new Uint8Array(0)], ['sWithContext', fromBase64(ctx)]] as const) {
      const p = tests.find((t) => t.tcId === 'id-MLDSA65-ECDSA-P256-SHA512')!;
      const der = fromBase64(p[sigKey]).subarray(3309);
      const m1 = mPrime('COMPSIG-MLDSA65-ECDSA-P256-SHA512', context, fromBase64(m));
      expect(p256.verify(der, m1, fromBase64(p.pk).subarray(1952), { format: 'der', lowS: false })).toBe(true);
      const e = tests.find((t) => t.tcId === 'id-MLDSA65-Ed25519-SHA512')!;
      const m2 = mPrime('COMPSIG-MLDSA65-Ed25519-SHA512', context, fromBase64(m));
      expect(ed25519.verify(fromBase64(e[sigKey]).subarray(3309), m2, fromBase64(e.pk).subarray(1952))).toBe(true);
    }
  });

  it('verifies the plain ML-DSA-65 case, pure, with and without ctx', () => {
    const { m, ctx, tests } = vectors();
    const t = tests.find((x) => x.tcId === 'id-ML-DSA-65')!;
    expect(engine.mlDsa65.keygen(fromBase64(t.sk)).publicKey).toEqual(fromBase64(t.pk));
    expect(engine.mlDsa65.verify(fromBase64(t.pk), fromBase64(m), fromBase64(t.s))).toBe(true);
    expect(engine.mlDsa65.verify(fromBase64(t.pk), fromBase64(m), fromBase64(t.sWithContext), { context: fromBase64(ctx) })).toBe(true);
  });
});

const MODES = [
  { key: 'qes2Ecdsa', label: 'QES2-MLDSA65-ECDSA-secp256k1-SHA512', publicKey: 1985 },
  { key: 'qes2Schnorr', label: 'QES2-MLDSA65-BIP340-SHA512', publicKey: 1984 },
] as const;

for (const mode of MODES) {
  describe(`${mode.key}`, () => {
    const alg = (): Qes2 => engine[mode.key];

    it('has the documented sizes and label: 3,373-byte signatures, 64 bytes over ML-DSA-65', () => {
      expect(alg().label).toBe(mode.label);
      expect(alg().publicKeyLength).toBe(mode.publicKey);
      expect(alg().secretKeyLength).toBe(64);
      expect(alg().signatureLength).toBe(3373);
      expect(alg().signatureLength - engine.mlDsa65.signatureLength).toBe(64);
      const { publicKey, secretKey } = alg().keygen();
      expect(publicKey).toHaveLength(mode.publicKey);
      expect(secretKey).toHaveLength(64);
      expect(alg().sign(rand(10), secretKey)).toHaveLength(3373);
    });

    it('derives the key pair from the seed: ML-DSA-65 key || secp256k1 key', () => {
      const seed = concat(rand(32), engine.secp256k1.keygen().secretKey);
      const { publicKey, secretKey } = alg().keygen(seed);
      expect(secretKey).toEqual(seed);
      expect(publicKey.subarray(0, 1952)).toEqual(ml_dsa65.keygen(seed.subarray(0, 32)).publicKey);
      const secpPk = mode.key === 'qes2Ecdsa' ? secp256k1.getPublicKey(seed.subarray(32), true) : schnorr.getPublicKey(seed.subarray(32));
      expect(publicKey.subarray(1952)).toEqual(secpPk);
      expect(alg().keygen(seed)).toEqual({ publicKey, secretKey });
    });

    it('signs and verifies, with and without a context, and each half verifies with noble over M\'', () => {
      for (let i = 0; i < 4; i++) {
        const { publicKey, secretKey } = alg().keygen();
        const message = rand(i * 100);
        const context = i % 2 ? rand(i * 40) : new Uint8Array(0);
        const sig = alg().sign(message, secretKey, { context });
        expect(alg().verify(publicKey, message, sig, { context })).toBe(true);
        const m1 = mPrime(mode.label, context, message);
        expect(alg().messageRepresentative(message, { context })).toEqual(m1);
        expect(ml_dsa65.verify(sig.subarray(0, 3309), m1, publicKey.subarray(0, 1952), { context: ascii(mode.label) })).toBe(true);
        const secpSig = sig.subarray(3309);
        if (mode.key === 'qes2Ecdsa') {
          expect(secp256k1.verify(secpSig, sha256(m1), publicKey.subarray(1952), { prehash: false })).toBe(true);
          expect(secp256k1.verify(secpSig, m1, publicKey.subarray(1952))).toBe(true); // noble hashing M' itself
        } else {
          expect(schnorr.verify(secpSig, sha256(m1), publicKey.subarray(1952))).toBe(true);
        }
      }
    });

    it('fails when either half is altered, when the message or context differs', () => {
      const { publicKey, secretKey } = alg().keygen();
      const message = rand(64);
      const context = rand(5);
      const sig = alg().sign(message, secretKey, { context });
      for (const bit of [0, 8 * 1000, 8 * 3308 + 7, 8 * 3309, 8 * 3340, 8 * 3372 + 7]) {
        expect(alg().verify(publicKey, message, flip(sig, bit), { context }), `bit ${bit}`).toBe(false);
      }
      expect(alg().verify(publicKey, flip(message, 1), sig, { context })).toBe(false);
      expect(alg().verify(publicKey, message, sig)).toBe(false);
      expect(alg().verify(publicKey, message, sig, { context: flip(context, 0) })).toBe(false);
      expect(alg().verify(flip(publicKey, 8 * 100), message, sig, { context })).toBe(false);
      expect(alg().verify(flip(publicKey, 8 * 1960), message, sig, { context })).toBe(false);
    });

    it('reports each half\'s verdict on its own', () => {
      const { publicKey, secretKey } = alg().keygen();
      const message = rand(16);
      const sig = alg().sign(message, secretKey);
      expect(alg().verifyHalves(publicKey, message, sig)).toEqual({ mlDsa: true, secp256k1: true });
      expect(alg().verifyHalves(publicKey, message, flip(sig, 8 * 100))).toEqual({ mlDsa: false, secp256k1: true });
      expect(alg().verifyHalves(publicKey, message, flip(sig, 8 * 3340))).toEqual({ mlDsa: true, secp256k1: false });
      expect(alg().verifyHalves(publicKey, flip(message, 0), sig)).toEqual({ mlDsa: false, secp256k1: false });
      expect(alg().verifyHalves(publicKey, message, sig.subarray(1))).toEqual({ mlDsa: false, secp256k1: false });
    });

    it('fails when halves are swapped between two valid signatures', () => {
      const { publicKey, secretKey } = alg().keygen();
      const m1 = rand(32);
      const m2 = rand(32);
      const s1 = alg().sign(m1, secretKey);
      const s2 = alg().sign(m2, secretKey);
      const mixed = concat(s1.subarray(0, 3309), s2.subarray(3309));
      expect(alg().verify(publicKey, m1, mixed)).toBe(false);
      expect(alg().verify(publicKey, m2, mixed)).toBe(false);
      // Halves of another key pair's signature of the same message do not combine either.
      const other = alg().keygen();
      const s3 = alg().sign(m1, other.secretKey);
      expect(alg().verify(publicKey, m1, concat(s1.subarray(0, 3309), s3.subarray(3309)))).toBe(false);
      expect(alg().verify(publicKey, m1, concat(s3.subarray(0, 3309), s1.subarray(3309)))).toBe(false);
    });

    it('fails for halves made with another label', () => {
      const { publicKey, secretKey } = alg().keygen();
      const message = rand(40);
      const otherLabel = MODES.find((m) => m.key !== mode.key)!.label;
      for (const label of [otherLabel, 'COMPSIG-MLDSA65-ECDSA-P256-SHA512']) {
        const m1 = mPrime(label, new Uint8Array(0), message);
        const mlSk = ml_dsa65.keygen(secretKey.subarray(0, 32)).secretKey;
        const mlSig = ml_dsa65.sign(m1, mlSk, { context: ascii(label) });
        const scalar = secretKey.subarray(32);
        const secpSig = mode.key === 'qes2Ecdsa' ? secp256k1.sign(sha256(m1), scalar, { prehash: false }) : schnorr.sign(sha256(m1), scalar);
        expect(alg().verify(publicKey, message, concat(mlSig, secpSig))).toBe(false);
      }
    });

    it('takes a signature apart for the demo', () => {
      const { secretKey } = alg().keygen();
      const message = rand(20);
      const sig = alg().sign(message, secretKey);
      const parts = alg().parts(sig, message);
      expect(parts.mlDsa).toEqual(sig.subarray(0, 3309));
      expect(parts.secp256k1).toEqual(sig.subarray(3309));
      expect(parts.cTilde).toEqual(sig.subarray(0, 48));
      expect(parts.z).toEqual(Array.from(engine.mlDsa65.decodeSignature(sig.subarray(0, 3309))!.z.subarray(0, 8)));
      expect(parts.preHash).toEqual(sha512(message));
      expect(parts.messageRepresentative).toEqual(mPrime(mode.label, new Uint8Array(0), message));
      expect(parts.steps).toHaveLength(4);
      expect(alg().parts(sig).preHash).toBeNull();
    });

    it('answers false for wrong lengths and throws documented codes for bad arguments', () => {
      const { publicKey, secretKey } = alg().keygen();
      const sig = alg().sign(rand(3), secretKey);
      const m = rand(3);
      expect(alg().verify(publicKey, m, sig.subarray(1))).toBe(false);
      expect(alg().verify(publicKey.subarray(1), m, sig)).toBe(false);
      expect(alg().verify(concat(publicKey, new Uint8Array(1)), m, sig)).toBe(false);
      expect(() => alg().keygen(rand(32))).toThrow(codeOf('invalid_seed_length', 'seed'));
      expect(() => alg().keygen(concat(rand(32), new Uint8Array(32)))).toThrow(codeOf('invalid_key', 'seed'));
      const order = fromHex('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
      for (const bad of [new Uint8Array(32).fill(255), new Uint8Array(32), order]) {
        expect(() => alg().sign(m, concat(rand(32), bad))).toThrow(codeOf('invalid_key', 'secretKey'));
      }
      const below = order.slice();
      below[31] -= 1; // n - 1 is the largest valid scalar
      expect(alg().sign(m, concat(rand(32), below))).toHaveLength(3373);
      expect(() => alg().sign(m, secretKey.subarray(1))).toThrow(codeOf('invalid_key', 'secretKey'));
      expect(() => alg().sign(m, secretKey, { context: new Uint8Array(256) })).toThrow(codeOf('context_too_long', 'options.context'));
      expect(() => alg().verify(publicKey, m, sig, { context: new Uint8Array(256) })).toThrow(codeOf('context_too_long', 'options.context'));
      expect(() => alg().sign(m, secretKey, { contxt: rand(1) } as never)).toThrow(codeOf('invalid_option', 'options.contxt'));
      expect(() => alg().verify('x' as never, m, sig)).toThrow(codeOf('invalid_argument', 'publicKey'));
      expect(() => alg().parts(sig.subarray(1))).toThrow(codeOf('invalid_signature_length', 'signature'));
    });
  });
}

describe('QES2 memory', () => {
  it('keeps wasm memory flat over 150 sign and verify rounds of each mode', () => {
    for (const mode of MODES) {
      const alg = engine[mode.key];
      const { publicKey, secretKey } = alg.keygen();
      const message = rand(100);
      alg.verify(publicKey, message, alg.sign(message, secretKey));
      const before = engine.memoryBytes();
      let valid = 0;
      for (let i = 0; i < 150; i++) {
        message[0] = i;
        if (alg.verify(publicKey, message, alg.sign(message, secretKey))) valid++;
      }
      expect(valid).toBe(150);
      expect(engine.memoryBytes()).toBe(before);
    }
  });
});
