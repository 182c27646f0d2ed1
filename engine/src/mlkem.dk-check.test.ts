/**
 * The decapsulation key's hash check (FIPS 203 section 7.3): checkSecretKey takes H(ek) from the
 * last ek hashed when ek is byte for byte that one (engine/assembly/mlkem/sample.ts hashPublic),
 * decapsulate hashes H(ek) on every call (beside J); either way any change to ek or to the stored
 * H(ek) is refused, whatever was remembered before, and a good key is accepted whatever was
 * refused before. Each test starts from a fresh instance.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadEngine, type Engine } from './index.ts';

const RELEASE = readFileSync(new URL('../build/release.wasm', import.meta.url));
const fresh = (): Promise<Engine> => loadEngine(new Uint8Array(RELEASE));

/** dk = dk_PKE (384k) || ek (384k + 32) || H(ek) (32) || z (32). */
const EK_AT = { 512: 768, 768: 1152, 1024: 1536 } as const;
const H_AT = { 512: 1568, 768: 2336, 1024: 3104 } as const;

const flipped = (dk: Uint8Array, at: number): Uint8Array => {
  const copy = dk.slice();
  copy[at]! ^= 1;
  return copy;
};

describe('ML-KEM decapsulation key check with the remembered key', () => {
  for (const level of [512, 768, 1024] as const) {
    it(`ML-KEM-${level}: refuses a tampered H(ek) or ek after the good key was remembered`, async () => {
      const kem = (await fresh())[`mlKem${level}`];
      const { publicKey, secretKey } = kem.keygen(new Uint8Array(64).fill(level & 0xff));
      const { cipherText, sharedSecret } = kem.encapsulate(publicKey);
      expect(kem.checkSecretKey(secretKey)).toBe(true);
      expect(kem.decapsulate(cipherText, secretKey)).toEqual(sharedSecret);
      for (const at of [H_AT[level], H_AT[level] + 31, EK_AT[level], H_AT[level] - 1]) {
        const bad = flipped(secretKey, at);
        expect(kem.checkSecretKey(bad)).toBe(false);
        expect(() => kem.decapsulate(cipherText, bad)).toThrow(expect.objectContaining({ code: 'invalid_key' }));
        // The refusal does not displace the remembered key, nor does the good key hide the next refusal.
        expect(kem.decapsulate(cipherText, secretKey)).toEqual(sharedSecret);
      }
    });

    it(`ML-KEM-${level}: accepts a good key after a tampered one was refused`, async () => {
      const kem = (await fresh())[`mlKem${level}`];
      const { publicKey, secretKey } = kem.keygen(new Uint8Array(64).fill(3));
      const { cipherText, sharedSecret } = kem.encapsulate(publicKey);
      const bad = flipped(secretKey, H_AT[level] + 5);
      expect(() => kem.decapsulate(cipherText, bad)).toThrow(expect.objectContaining({ code: 'invalid_key' }));
      expect(kem.checkSecretKey(bad)).toBe(false);
      expect(kem.decapsulate(cipherText, secretKey)).toEqual(sharedSecret);
      expect(kem.checkSecretKey(bad)).toBe(false);
    });
  }

  it('checks each key of several alternating keys and levels, remembering one at a time', async () => {
    const engine = await fresh();
    const keys = [engine.mlKem768.keygen(), engine.mlKem768.keygen()];
    const other = engine.mlKem512.keygen();
    for (let round = 0; round < 3; round++) {
      for (const k of keys) {
        expect(engine.mlKem768.checkSecretKey(k.secretKey)).toBe(true);
        expect(engine.mlKem768.checkSecretKey(flipped(k.secretKey, H_AT[768]))).toBe(false);
      }
      expect(engine.mlKem512.checkSecretKey(other.secretKey)).toBe(true);
      expect(engine.mlKem512.checkSecretKey(flipped(other.secretKey, EK_AT[512] + 7))).toBe(false);
    }
  });

  it('encapsulates to a key that differs from the last one in its last byte or its first as a fresh instance does', async () => {
    const engine = await fresh();
    for (const level of [512, 768, 1024] as const) {
      const kem = engine[`mlKem${level}`];
      const ek = kem.keygen(new Uint8Array(64).fill(9)).publicKey;
      const m = new Uint8Array(32).fill(1);
      for (const at of [ek.length - 1, 0]) {
        const other = flipped(ek, at);
        for (const key of [ek, other, ek, ek, other, other]) {
          const expected = (await fresh())[`mlKem${level}`].encapsulate(key, m);
          expect(kem.encapsulate(key, m)).toEqual(expected);
        }
      }
    }
  });
});
