/** secp256k1 against the public vectors: every BIP-340 case and every Wycheproof ECDSA case. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromHex, toUpperHex } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';
import { readJson, vectorPath } from '../test-support/vectors.ts';

interface Bip340Case {
  index: string;
  secretKey: string;
  publicKey: string;
  aux: string;
  message: string;
  signature: string;
  valid: boolean;
  comment: string;
}

function bip340Cases(): Bip340Case[] {
  const lines = readFileSync(vectorPath('bip340', 'test-vectors.csv'), 'utf8').trim().split(/\r?\n/).slice(1);
  return lines.map((line) => {
    const [index, secretKey, publicKey, aux, message, signature, result, comment] = line.split(',');
    return { index, secretKey, publicKey, aux, message, signature, valid: result === 'TRUE', comment: comment ?? '' };
  });
}

describe('BIP-340 test vectors', () => {
  const cases = bip340Cases();

  it('has all 19 cases', () => {
    expect(cases).toHaveLength(19);
  });

  for (const c of cases) {
    const label = `#${c.index} ${c.comment || (c.valid ? 'valid' : 'invalid')}`;
    it(`verifies ${label} as ${c.valid}`, () => {
      expect(engine.secp256k1.schnorrVerify(fromHex(c.publicKey), fromHex(c.message), fromHex(c.signature))).toBe(c.valid);
    });
    if (c.secretKey !== '') {
      it(`signs ${label} byte for byte, with its public key`, () => {
        const sk = fromHex(c.secretKey);
        expect(toUpperHex(engine.secp256k1.schnorrGetPublicKey(sk))).toBe(c.publicKey);
        expect(toUpperHex(engine.secp256k1.schnorrSign(fromHex(c.message), sk, fromHex(c.aux)))).toBe(c.signature);
      });
    }
  }
});

interface WycheproofFile {
  numberOfTests: number;
  testGroups: { publicKey: { uncompressed: string }; tests: { tcId: number; comment: string; msg: string; sig: string; result: string }[] }[];
}

const WYCHEPROOF = [
  { file: 'ecdsa_secp256k1_sha256_test.json', form: 'DER', lowS: false },
  { file: 'ecdsa_secp256k1_sha256_p1363_test.json', form: 'P1363 (compact)', lowS: false },
  { file: 'ecdsa_secp256k1_sha256_bitcoin_test.json', form: 'DER with Bitcoin low-S', lowS: true },
] as const;

describe('Wycheproof ECDSA secp256k1 SHA-256', () => {
  for (const { file, form, lowS } of WYCHEPROOF) {
    it(`gives the expected result for every ${form} case (${file})`, () => {
      const data = readJson<WycheproofFile>('wycheproof', file);
      const failures: string[] = [];
      let count = 0;
      for (const group of data.testGroups) {
        const pk = fromHex(group.publicKey.uncompressed);
        const compressed = new Uint8Array(33);
        compressed[0] = 2 | (pk[64] & 1);
        compressed.set(pk.subarray(1, 33), 1);
        for (const t of group.tests) {
          count++;
          const digest = engine.sha256(fromHex(t.msg));
          const opts = { lowS };
          const got = engine.secp256k1.ecdsaVerify(pk, digest, fromHex(t.sig), opts);
          // The same key in compressed form must give the same answer.
          const again = engine.secp256k1.ecdsaVerify(compressed, digest, fromHex(t.sig), opts);
          if (t.result === 'acceptable') continue;
          const want = t.result === 'valid';
          if (got !== want || again !== want) failures.push(`tcId ${t.tcId} (${t.comment}): got ${got}/${again}, want ${want}`);
        }
      }
      expect(count).toBe(data.numberOfTests);
      expect(failures).toEqual([]);
    });
  }

  it('round-trips every valid DER signature through ecdsaFromDer / ecdsaToDer', () => {
    const data = readJson<WycheproofFile>('wycheproof', 'ecdsa_secp256k1_sha256_bitcoin_test.json');
    let n = 0;
    for (const group of data.testGroups) {
      for (const t of group.tests) {
        if (t.result !== 'valid') continue;
        const der = fromHex(t.sig);
        expect(engine.secp256k1.ecdsaToDer(engine.secp256k1.ecdsaFromDer(der))).toEqual(der);
        n++;
      }
    }
    expect(n).toBeGreaterThan(100);
  });
});
