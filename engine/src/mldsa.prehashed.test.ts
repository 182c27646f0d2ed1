/**
 * HashML-DSA over a PH(M) the caller computed (`prehashed`, FIPS 204 §5.4): NIST's ACVP preHash
 * cases give the same signatures from PH(M) as from M, and @noble/post-quantum, which hashes M
 * itself, verifies ours and we verify its; external µ against noble's externalMu mode.
 */
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { shake256, shake256_64 } from '@noble/hashes/sha3.js';
import { ml_dsa44, ml_dsa65, ml_dsa87 } from '@noble/post-quantum/ml-dsa.js';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromHex, toUpperHex } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';
import { acvpCases, type AcvpCase } from '../test-support/vectors.ts';
import type { MlDsa, PrehashName } from './index.ts';

const rand = (n: number) => new Uint8Array(randomBytes(n));
const scheme = (parameterSet: string): MlDsa => engine[`mlDsa${parameterSet.slice(-2)}` as 'mlDsa44' | 'mlDsa65' | 'mlDsa87'];
/** PH(M) by @noble/hashes, never by the engine: the digest a KMS client sends. */
const DIGESTS: Partial<Record<string, [PrehashName, (m: Uint8Array) => Uint8Array]>> = {
  'SHA2-256': ['sha256', (m) => sha256(m)],
  'SHA2-512': ['sha512', (m) => sha512(m)],
  'SHAKE-256': ['shake256', (m) => shake256(m, { dkLen: 64 })],
};
const preHashCases = (folder: string) =>
  acvpCases(folder).filter((c: AcvpCase) => c.group.preHash === 'preHash' && DIGESTS[c.test.hashAlg] !== undefined);
const noble = { 44: ml_dsa44, 65: ml_dsa65, 87: ml_dsa87 } as const;

describe('HashML-DSA over a caller’s PH(M) against NIST ACVP', () => {
  for (const folder of ['ML-DSA-sigGen-FIPS204', 'ML-DSA-sigGen-FIPS204-tr1']) {
    it(`${folder}: signing PH(M) gives the expected signature of every SHA-512, SHAKE256 and SHA-256 case`, () => {
      const cases = preHashCases(folder);
      expect(cases.some((c) => c.test.hashAlg === 'SHA2-512')).toBe(true);
      expect(cases.some((c) => c.test.hashAlg === 'SHAKE-256')).toBe(true);
      for (const c of cases) {
        const alg = scheme(c.group.parameterSet);
        const [prehash, digest] = DIGESTS[c.test.hashAlg]!;
        const sk = c.test.sk !== undefined ? fromHex(c.test.sk) : alg.keygen(fromHex(c.test.seed)).secretKey;
        const random = c.group.deterministic ? false : fromHex(c.test.rnd);
        const sig = alg.sign(digest(fromHex(c.test.message)), sk, { random, context: fromHex(c.test.context), prehash, prehashed: true });
        expect(toUpperHex(sig), `tcId ${c.test.tcId}`).toBe(c.expected.signature);
      }
    });
  }

  it('sigVer: verifying PH(M) gives ACVP’s verdict on every preHash case it can hash', () => {
    const cases = preHashCases('ML-DSA-sigVer-FIPS204');
    expect(cases.filter((c) => c.expected.testPassed).length).toBeGreaterThan(0);
    expect(cases.filter((c) => !c.expected.testPassed).length).toBeGreaterThan(0);
    for (const c of cases) {
      const [prehash, digest] = DIGESTS[c.test.hashAlg]!;
      const valid = scheme(c.group.parameterSet).verify(fromHex(c.test.pk), digest(fromHex(c.test.message)), fromHex(c.test.signature), {
        context: fromHex(c.test.context), prehash, prehashed: true,
      });
      expect(valid, `tcId ${c.test.tcId}`).toBe(c.expected.testPassed);
    }
  });
});

describe('HashML-DSA over a caller’s PH(M) against @noble/post-quantum', () => {
  for (const level of [44, 65, 87] as const) {
    for (const [prehash, hash] of [['sha512', sha512], ['shake256', (m: Uint8Array) => shake256(m, { dkLen: 64 })]] as const) {
      it(`ML-DSA-${level} ${prehash}: noble verifies ours over M, we verify noble’s over PH(M)`, () => {
        const alg = scheme(`ML-DSA-${level}`);
        const { publicKey, secretKey } = alg.keygen(rand(32));
        const message = rand(100);
        const context = rand(7);
        const nobleHash = prehash === 'sha512' ? sha512 : shake256_64;
        const ours = alg.sign(hash(message), secretKey, { prehash, prehashed: true, context });
        expect(noble[level].prehash(nobleHash).verify(ours, message, publicKey, { context })).toBe(true);
        const theirs = noble[level].prehash(nobleHash).sign(message, secretKey, { context });
        expect(alg.verify(publicKey, hash(message), theirs, { prehash, prehashed: true, context })).toBe(true);
        expect(alg.verify(publicKey, hash(message), theirs, { prehash, prehashed: true })).toBe(false);
      });
    }
  }

  it('external µ: noble verifies a signature of µ, and we verify noble’s', () => {
    const alg = engine.mlDsa65;
    const { publicKey, secretKey } = alg.keygen(rand(32));
    const tr = shake256(publicKey, { dkLen: 64 });
    const mu = shake256(new Uint8Array([...tr, 0, 0, 1, 2, 3]), { dkLen: 64 });
    const ours = alg.sign(mu, secretKey, { externalMu: true });
    expect(ml_dsa65.internal.verify(ours, mu, publicKey, { externalMu: true })).toBe(true);
    expect(ml_dsa65.verify(ours, new Uint8Array([1, 2, 3]), publicKey)).toBe(true);
    const theirs = ml_dsa65.internal.sign(mu, secretKey, { externalMu: true });
    expect(alg.verify(publicKey, mu, theirs, { externalMu: true })).toBe(true);
  });

  it('refuses a digest of the wrong length, and prehashed without the hash that made it', () => {
    const { secretKey } = engine.mlDsa65.keygen(rand(32));
    expect(() => engine.mlDsa65.sign(rand(63), secretKey, { prehash: 'sha512', prehashed: true })).toThrow(expect.objectContaining({ code: 'invalid_length' }));
    expect(() => engine.mlDsa65.sign(rand(64), secretKey, { prehashed: true })).toThrow(expect.objectContaining({ code: 'invalid_option' }));
  });
});
