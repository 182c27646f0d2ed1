/** ML-DSA against every case of NIST's ACVP vectors (keyGen, sigGen, sigVer; both revisions). */
import { describe, expect, it } from 'vitest';
import { fromHex, toUpperHex } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';
import { acvpCases, type AcvpCase } from '../test-support/vectors.ts';
import type { MlDsa, PrehashName } from './index.ts';

const scheme = (parameterSet: string): MlDsa => {
  const m = /^ML-DSA-(44|65|87)$/.exec(parameterSet);
  if (!m) throw new Error(`unknown parameter set ${parameterSet}`);
  return engine[`mlDsa${m[1]}` as 'mlDsa44' | 'mlDsa65' | 'mlDsa87'];
};

const ACVP_HASHES: Record<string, PrehashName> = {
  'SHA2-224': 'sha224', 'SHA2-256': 'sha256', 'SHA2-384': 'sha384', 'SHA2-512': 'sha512',
  'SHA2-512/224': 'sha512-224', 'SHA2-512/256': 'sha512-256',
  'SHA3-224': 'sha3-224', 'SHA3-256': 'sha3-256', 'SHA3-384': 'sha3-384', 'SHA3-512': 'sha3-512',
  'SHAKE-128': 'shake128', 'SHAKE-256': 'shake256',
};

const prehashOf = (c: AcvpCase): PrehashName | undefined => {
  if (c.group.preHash !== 'preHash') return undefined;
  const name = ACVP_HASHES[c.test.hashAlg];
  if (!name) throw new Error(`unmapped hashAlg ${c.test.hashAlg}`);
  return name;
};

function signCase(c: AcvpCase): Uint8Array {
  const alg = scheme(c.group.parameterSet);
  const sk = c.test.sk !== undefined ? fromHex(c.test.sk) : alg.keygen(fromHex(c.test.seed)).secretKey;
  const random = c.group.deterministic ? false : fromHex(c.test.rnd);
  if (c.group.signatureInterface === 'internal') {
    return c.group.externalMu
      ? alg.signInternal(fromHex(c.test.mu), sk, { random, externalMu: true })
      : alg.signInternal(fromHex(c.test.message), sk, { random });
  }
  const prehash = prehashOf(c);
  return alg.sign(fromHex(c.test.message), sk, { random, context: fromHex(c.test.context), ...(prehash ? { prehash } : {}) });
}

function verifyCase(c: AcvpCase): boolean {
  const alg = scheme(c.group.parameterSet);
  const pk = fromHex(c.test.pk);
  const sig = fromHex(c.test.signature);
  if (c.group.signatureInterface === 'internal') {
    return c.group.externalMu
      ? alg.verifyInternal(pk, fromHex(c.test.mu), sig, { externalMu: true })
      : alg.verifyInternal(pk, fromHex(c.test.message), sig);
  }
  const prehash = prehashOf(c);
  return alg.verify(pk, fromHex(c.test.message), sig, { context: fromHex(c.test.context), ...(prehash ? { prehash } : {}) });
}

const label = (c: AcvpCase) =>
  `tcId ${c.test.tcId} ${c.group.parameterSet} ${c.group.signatureInterface ?? ''} ${c.group.preHash ?? ''}${c.group.externalMu ? ' externalMu' : ''}`;

describe('NIST ACVP ML-DSA keyGen (FIPS204)', () => {
  const cases = acvpCases('ML-DSA-keyGen-FIPS204');
  it('has all 75 cases', () => expect(cases).toHaveLength(75));
  it('derives the expected pk and sk from every seed', () => {
    for (const c of cases) {
      const { publicKey, secretKey } = scheme(c.group.parameterSet).keygen(fromHex(c.test.seed));
      expect(toUpperHex(publicKey), label(c)).toBe(c.expected.pk);
      expect(toUpperHex(secretKey), label(c)).toBe(c.expected.sk);
    }
  });
});

for (const folder of ['ML-DSA-sigGen-FIPS204', 'ML-DSA-sigGen-FIPS204-tr1']) {
  describe(`NIST ACVP ${folder}`, () => {
    const cases = acvpCases(folder);
    it('covers every interface, pre-hash function and both signing modes', () => {
      const kinds = new Set(cases.map((c) => `${c.group.signatureInterface}/${c.group.preHash ?? c.group.externalMu}/${c.group.deterministic}`));
      expect(kinds.size).toBeGreaterThanOrEqual(8);
    });
    it('produces the expected signature for every case', () => {
      for (const c of cases) expect(toUpperHex(signCase(c)), label(c)).toBe(c.expected.signature);
    });
  });
}

describe('NIST ACVP ML-DSA sigVer (FIPS204)', () => {
  const cases = acvpCases('ML-DSA-sigVer-FIPS204');
  it('has all 180 cases, 36 valid', () => {
    expect(cases).toHaveLength(180);
    expect(cases.filter((c) => c.expected.testPassed)).toHaveLength(36);
  });
  it('accepts exactly the valid signatures', () => {
    for (const c of cases) expect(verifyCase(c), label(c)).toBe(c.expected.testPassed);
  });
});
