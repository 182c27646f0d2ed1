/** ML-KEM against every case of NIST's ACVP vectors (keyGen, encapDecap; both revisions, all three sets). */
import { describe, expect, it } from 'vitest';
import { fromHex, toUpperHex } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';
import { acvpCases, type AcvpCase } from '../test-support/vectors.ts';
import type { MlKem } from './index.ts';

const scheme = (parameterSet: string): MlKem => {
  const m = /^ML-KEM-(512|768|1024)$/.exec(parameterSet);
  if (!m) throw new Error(`unknown parameter set ${parameterSet}`);
  return engine[`mlKem${m[1]}` as 'mlKem512' | 'mlKem768' | 'mlKem1024'];
};

const label = (c: AcvpCase) => `tcId ${c.test.tcId} ${c.group.parameterSet} ${c.group.function ?? 'keyGen'} ${c.group.keyFormat ?? ''}`;
const seedOf = (c: AcvpCase) => fromHex(c.test.d + c.test.z);

describe('NIST ACVP ML-KEM keyGen (FIPS203)', () => {
  const cases = acvpCases('ML-KEM-keyGen-FIPS203');
  it('has all 75 cases, 25 of them ML-KEM-768', () => {
    expect(cases).toHaveLength(75);
    expect(cases.filter((c) => c.group.parameterSet === 'ML-KEM-768')).toHaveLength(25);
  });
  it('derives the expected ek and dk from every seed d || z', () => {
    for (const c of cases) {
      const { publicKey, secretKey } = scheme(c.group.parameterSet).keygen(seedOf(c));
      expect(toUpperHex(publicKey), label(c)).toBe(c.expected.ek);
      expect(toUpperHex(secretKey), label(c)).toBe(c.expected.dk);
    }
  });
});

function runFunction(c: AcvpCase): void {
  const kem = scheme(c.group.parameterSet);
  switch (c.group.function) {
    case 'encapsulation': {
      const { cipherText, sharedSecret } = kem.encapsulate(fromHex(c.test.ek), fromHex(c.test.m));
      expect(toUpperHex(cipherText), label(c)).toBe(c.expected.c);
      expect(toUpperHex(sharedSecret), label(c)).toBe(c.expected.k);
      return;
    }
    case 'decapsulation': {
      const key = c.group.keyFormat === 'seed' ? seedOf(c) : fromHex(c.test.dk);
      expect(toUpperHex(kem.decapsulate(fromHex(c.test.c), key)), label(c)).toBe(c.expected.k);
      return;
    }
    case 'encapsulationKeyCheck':
      expect(kem.checkPublicKey(fromHex(c.test.ek)), label(c)).toBe(c.expected.testPassed);
      return;
    case 'decapsulationKeyCheck':
      expect(kem.checkSecretKey(fromHex(c.test.dk)), label(c)).toBe(c.expected.testPassed);
      return;
    default:
      throw new Error(`unknown function ${c.group.function}`);
  }
}

for (const [folder, total] of [['ML-KEM-encapDecap-FIPS203', 165], ['ML-KEM-encapDecap-FIPS203-tr1', 195]] as const) {
  describe(`NIST ACVP ${folder}`, () => {
    const cases = acvpCases(folder);
    it(`has all ${total} cases, with passing and failing key checks`, () => {
      expect(cases).toHaveLength(total);
      const checks = cases.filter((c) => c.group.function.endsWith('KeyCheck'));
      expect(checks.some((c) => c.expected.testPassed)).toBe(true);
      expect(checks.some((c) => !c.expected.testPassed)).toBe(true);
    });
    for (const fn of ['encapsulation', 'decapsulation', 'encapsulationKeyCheck', 'decapsulationKeyCheck']) {
      it(`gives the expected result for every ${fn} case`, () => {
        const selected = cases.filter((c) => c.group.function === fn);
        expect(selected.length).toBeGreaterThan(0);
        for (const c of selected) runFunction(c);
      });
    }
  });
}

describe('ACVP key-check failures are refused by encapsulate and decapsulate', () => {
  const cases = acvpCases('ML-KEM-encapDecap-FIPS203').filter((c) => c.group.function.endsWith('KeyCheck') && !c.expected.testPassed);
  it('throws invalid_key for each key that fails its check', () => {
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      const kem = scheme(c.group.parameterSet);
      const call = c.test.ek !== undefined
        ? () => kem.encapsulate(fromHex(c.test.ek), new Uint8Array(32))
        : () => kem.decapsulate(new Uint8Array(kem.cipherTextLength), fromHex(c.test.dk));
      expect(call, label(c)).toThrow(expect.objectContaining({ code: 'invalid_key' }));
    }
  });
});
