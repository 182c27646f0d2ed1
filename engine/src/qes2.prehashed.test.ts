/**
 * QES2 over a caller’s SHA-512(M) (`prehashed`): M′ holds SHA-512(M) whichever side hashed it, so a
 * signature of the digest verifies as one of M and the other way round; its ML-DSA-65 half is
 * checked by @noble/post-quantum over M′ rebuilt here.
 */
import { sha512 } from '@noble/hashes/sha2.js';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { engine } from '../test-support/loaded-engine.ts';
import { QES2_MODES } from './qes2_modes.ts';

const ascii = (s: string) => new TextEncoder().encode(s);
const rand = (n: number) => new Uint8Array(randomBytes(n));

describe('QES2 over a SHA-512 digest', () => {
  for (const mode of QES2_MODES) {
    const qes2 = engine.qes2[mode];
    it(`${qes2.name}: sign(digest) verifies as sign(M), and sign(M) verifies by its digest`, () => {
      const { publicKey, secretKey } = qes2.keygen();
      const message = rand(300);
      const context = rand(5);
      const digest = sha512(message);
      const byDigest = qes2.sign(digest, secretKey, { context, prehashed: true });
      expect(qes2.verify(publicKey, message, byDigest, { context })).toBe(true);
      const byMessage = qes2.sign(message, secretKey, { context });
      expect(qes2.verify(publicKey, digest, byMessage, { context, prehashed: true })).toBe(true);
      expect(qes2.verify(publicKey, digest, byMessage, { prehashed: true })).toBe(false);
      expect(qes2.messageRepresentative(digest, { context, prehashed: true })).toEqual(qes2.messageRepresentative(message, { context }));
    });

    it(`${qes2.name}: noble verifies the ML-DSA-65 half over M′ built from the digest`, () => {
      const { publicKey, secretKey } = qes2.keygen();
      const digest = sha512(ascii('over the digest'));
      const sig = qes2.sign(digest, secretKey, { prehashed: true });
      const mPrime = new Uint8Array([...ascii('CompositeAlgorithmSignatures2025'), ...ascii(qes2.label), 0, ...digest]);
      expect(ml_dsa65.verify(sig.subarray(0, 3309), mPrime, publicKey.subarray(0, 1952), { context: ascii(qes2.label) })).toBe(true);
    });
  }

  it('refuses a digest that is not 64 bytes', () => {
    const { secretKey } = engine.qes2Ecdsa.keygen();
    expect(() => engine.qes2Ecdsa.sign(rand(32), secretKey, { prehashed: true })).toThrow(expect.objectContaining({ code: 'invalid_length' }));
  });
});
