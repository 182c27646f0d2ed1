/** ML-KEM differential tests against @noble/post-quantum, implicit rejection, input checks and memory. */
import { ml_kem1024, ml_kem512, ml_kem768 } from '@noble/post-quantum/ml-kem.js';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { engine } from '../test-support/loaded-engine.ts';
import { ML_KEM_SIZES, type MlKem } from './index.ts';

const NOBLE = { mlKem512: ml_kem512, mlKem768: ml_kem768, mlKem1024: ml_kem1024 } as const;
const rand = (n: number) => new Uint8Array(randomBytes(n));
const flip = (b: Uint8Array, bit: number) => {
  const c = b.slice();
  c[bit >> 3] ^= 1 << (bit & 7);
  return c;
};
const code = (code: string, param?: string) => expect.objectContaining(param ? { code, param } : { code });

/** Sets 12-bit coefficient `index` of the encoded t-hat in an encapsulation key. */
function setCoefficient(ek: Uint8Array, index: number, value: number): Uint8Array {
  const c = ek.slice();
  const at = (index >> 1) * 3;
  if (index & 1) {
    c[at + 1] = (c[at + 1] & 0x0f) | ((value & 0x0f) << 4);
    c[at + 2] = value >> 4;
  } else {
    c[at] = value & 0xff;
    c[at + 1] = (c[at + 1] & 0xf0) | (value >> 8);
  }
  return c;
}

for (const name of ['mlKem512', 'mlKem768', 'mlKem1024'] as const) {
  describe(`${name} agrees with @noble/post-quantum`, () => {
    const noble = NOBLE[name];
    const ours = (): MlKem => engine[name];

    it('derives the same key pair from the same 64-byte seed', () => {
      for (let i = 0; i < 20; i++) {
        const seed = rand(64);
        const a = ours().keygen(seed);
        const b = noble.keygen(seed);
        expect(a.publicKey).toEqual(b.publicKey);
        expect(a.secretKey).toEqual(b.secretKey);
      }
    });

    it('produces the same ciphertext and shared secret from the same randomness, and each decapsulates the other', () => {
      for (let i = 0; i < 20; i++) {
        const { publicKey, secretKey } = ours().keygen(rand(64));
        const m = rand(32);
        const a = ours().encapsulate(publicKey, m);
        const b = noble.encapsulate(publicKey, m);
        expect(a.cipherText).toEqual(b.cipherText);
        expect(a.sharedSecret).toEqual(b.sharedSecret);
        expect(noble.decapsulate(a.cipherText, secretKey)).toEqual(a.sharedSecret);
        const c = noble.encapsulate(publicKey);
        expect(ours().decapsulate(c.cipherText, secretKey)).toEqual(c.sharedSecret);
      }
    });

    it('decapsulates modified ciphertexts to the same implicit-rejection secret as noble', () => {
      const { publicKey, secretKey } = ours().keygen(rand(64));
      const { cipherText, sharedSecret } = ours().encapsulate(publicKey);
      const bits = cipherText.length * 8;
      for (const bit of [0, 7, 8 * 100 + 3, (bits * 3) >> 2, bits - 8 * 128 - 1, bits - 1]) {
        const bad = flip(cipherText, bit);
        const k = ours().decapsulate(bad, secretKey);
        expect(k, `bit ${bit}`).toEqual(noble.decapsulate(bad, secretKey));
        expect(k, `bit ${bit}`).not.toEqual(sharedSecret);
      }
      for (let i = 0; i < 5; i++) {
        const junk = rand(cipherText.length);
        expect(ours().decapsulate(junk, secretKey)).toEqual(noble.decapsulate(junk, secretKey));
      }
    });

    it('decapsulates with the seed form of the key exactly as with the expanded key', () => {
      const seed = rand(64);
      const { publicKey, secretKey } = ours().keygen(seed);
      const { cipherText, sharedSecret } = ours().encapsulate(publicKey);
      expect(ours().decapsulate(cipherText, seed)).toEqual(sharedSecret);
      const bad = flip(cipherText, 77);
      expect(ours().decapsulate(bad, seed)).toEqual(ours().decapsulate(bad, secretKey));
    });
  });
}

describe('ML-KEM-768 randomness and key checks', () => {
  it('draws fresh randomness when none is given', () => {
    const kem = engine.mlKem768;
    const a = kem.keygen();
    const b = kem.keygen();
    expect(a.publicKey).not.toEqual(b.publicKey);
    const e1 = kem.encapsulate(a.publicKey);
    const e2 = kem.encapsulate(a.publicKey);
    expect(e1.cipherText).not.toEqual(e2.cipherText);
    expect(kem.decapsulate(e1.cipherText, a.secretKey)).toEqual(e1.sharedSecret);
    expect(kem.decapsulate(e2.cipherText, a.secretKey)).toEqual(e2.sharedSecret);
  });

  it('accepts a coefficient of q - 1 and refuses q and 4095 (modulus check)', () => {
    const kem = engine.mlKem768;
    const { publicKey } = kem.keygen(rand(64));
    for (const index of [0, 1, 255, 256, 767]) {
      expect(kem.checkPublicKey(setCoefficient(publicKey, index, 3328)), `index ${index}`).toBe(true);
      for (const value of [3329, 4095]) {
        const bad = setCoefficient(publicKey, index, value);
        expect(kem.checkPublicKey(bad), `index ${index} = ${value}`).toBe(false);
        expect(() => kem.encapsulate(bad), `index ${index} = ${value}`).toThrow(code('invalid_key', 'publicKey'));
      }
    }
  });

  it('refuses a secret key whose embedded H(ek) or ek was altered (hash check)', () => {
    const kem = engine.mlKem768;
    const { secretKey } = kem.keygen(rand(64));
    expect(kem.checkSecretKey(secretKey)).toBe(true);
    for (const byte of [1152, 1152 + 1183, 2336, 2367]) {
      const bad = flip(secretKey, byte * 8);
      expect(kem.checkSecretKey(bad), `byte ${byte}`).toBe(false);
      expect(() => kem.decapsulate(new Uint8Array(1088), bad)).toThrow(code('invalid_key', 'secretKey'));
    }
    // s-hat and z are not covered by the hash check: such keys decapsulate (to other secrets).
    expect(kem.checkSecretKey(flip(secretKey, 0))).toBe(true);
    expect(kem.checkSecretKey(flip(secretKey, 2399 * 8))).toBe(true);
  });

  it('reads 12-bit s-hat values of q and above mod q, as FIPS 203 ByteDecode_12 does (and as noble does)', () => {
    const kem = engine.mlKem768;
    const { publicKey, secretKey } = kem.keygen(rand(64));
    const { cipherText } = kem.encapsulate(publicKey);
    const odd = secretKey.slice();
    odd.fill(0xff, 0, 96); // the first 64 coefficients of s-hat become 4095
    expect(kem.checkSecretKey(odd)).toBe(true);
    expect(kem.decapsulate(cipherText, odd)).toEqual(ml_kem768.decapsulate(cipherText, odd));
  });
});

describe('ML-KEM input checks', () => {
  it('rejects wrong lengths and non-byte arguments with their codes', () => {
    const kem = engine.mlKem768;
    const { publicKey, secretKey } = kem.keygen();
    const { cipherText } = kem.encapsulate(publicKey);
    expect(() => kem.keygen(new Uint8Array(32))).toThrow(code('invalid_seed_length', 'seed'));
    expect(() => kem.encapsulate(publicKey.subarray(1))).toThrow(code('invalid_key', 'publicKey'));
    expect(() => kem.encapsulate(publicKey, new Uint8Array(31))).toThrow(code('invalid_random_length', 'random'));
    expect(() => kem.decapsulate(cipherText.subarray(1), secretKey)).toThrow(code('invalid_ciphertext_length', 'cipherText'));
    expect(() => kem.decapsulate(cipherText, secretKey.subarray(1))).toThrow(code('invalid_key', 'secretKey'));
    expect(() => kem.decapsulate(cipherText, new Uint8Array(32))).toThrow(code('invalid_key', 'secretKey'));
    expect(() => kem.encapsulate('key' as never)).toThrow(code('invalid_argument', 'publicKey'));
    expect(() => kem.decapsulate([1, 2] as never, secretKey)).toThrow(code('invalid_argument', 'cipherText'));
    expect(kem.checkPublicKey(publicKey.subarray(1))).toBe(false);
    expect(kem.checkSecretKey(secretKey.subarray(1))).toBe(false);
  });

  it('exports the FIPS 203 sizes', () => {
    expect(ML_KEM_SIZES[768]).toEqual({ publicKey: 1184, secretKey: 2400, cipherText: 1088 });
    const kem = engine.mlKem768;
    expect([kem.name, kem.publicKeyLength, kem.secretKeyLength, kem.cipherTextLength, kem.sharedSecretLength, kem.seedLength, kem.randomLength])
      .toEqual(['ML-KEM-768', 1184, 2400, 1088, 32, 64, 32]);
  });
});

describe('ML-KEM memory', () => {
  it('keeps wasm memory flat over 5,000 keygen + encapsulate + decapsulate rounds', () => {
    const kem = engine.mlKem768;
    const seed = rand(64);
    const before = engine.memoryBytes();
    let agreed = 0;
    for (let i = 0; i < 5_000; i++) {
      seed[0] = i & 255;
      const { publicKey, secretKey } = kem.keygen(seed);
      const { cipherText, sharedSecret } = kem.encapsulate(publicKey);
      const k = kem.decapsulate(cipherText, i & 1 ? secretKey : seed);
      if (k.every((b, j) => b === sharedSecret[j])) agreed++;
    }
    expect(agreed).toBe(5_000);
    expect(engine.memoryBytes()).toBe(before);
  });
});
