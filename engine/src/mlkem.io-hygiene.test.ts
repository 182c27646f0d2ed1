/**
 * ML-KEM's secrets do not wait in wasm memory for the next call (as ML-DSA's do not): after keygen,
 * encapsulation and decapsulation through the API (dk and seed forms), neither the seed, z (the
 * last 32 bytes of dk), dk's first bytes, m nor a shared secret is left anywhere in wasm memory;
 * nor are the noise seeds sigma and r, their streams PRF(sigma, N) and PRF(r, N) (FIPS 203
 * algorithms 13 and 14, from whose sponge states the seeds could be recomputed), or Decompress(m).
 */
import { sha3_256, sha3_512, shake256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import { mlKemApi } from './mlkem.ts';
import { instantiate, Io } from './wasm.ts';

/** Offsets in `memory` where `needle` (8 bytes or more) starts. */
function occurrences(memory: Uint8Array, needle: Uint8Array): number[] {
  const found: number[] = [];
  for (let i = memory.indexOf(needle[0]!); i >= 0 && i + needle.length <= memory.length; i = memory.indexOf(needle[0]!, i + 1)) {
    if (needle.every((b, j) => memory[i + j] === b)) found.push(i);
  }
  return found;
}

describe('ML-KEM leaves no secret in wasm memory', () => {
  for (const level of [512, 768, 1024] as const) {
    it(`ML-KEM-${level}: not the seed, z, dk's first bytes, m or a shared secret, after keygen, encapsulate and decapsulate (a good and a bad ciphertext, dk and seed forms)`, async () => {
      const wasm = await instantiate();
      const kem = mlKemApi(wasm, new Io(wasm), level);
      const seed = crypto.getRandomValues(new Uint8Array(64));
      const { publicKey, secretKey } = kem.keygen(seed);
      const m = crypto.getRandomValues(new Uint8Array(32));
      const { cipherText, sharedSecret } = kem.encapsulate(publicKey, m);
      expect(kem.decapsulate(cipherText, secretKey)).toEqual(sharedSecret);
      const bad = cipherText.slice();
      bad[3]! ^= 1;
      const rejected = kem.decapsulate(bad, secretKey);
      expect(kem.decapsulate(cipherText, seed)).toEqual(sharedSecret);
      const memory = new Uint8Array(wasm.memory.buffer);
      const secrets = { seed: seed.subarray(0, 32), z: secretKey.subarray(-32), dkPke: secretKey.subarray(0, 32), m, sharedSecret, rejected };
      for (const [name, secret] of Object.entries(secrets)) expect([name, occurrences(memory, secret)]).toEqual([name, []]);
    });
  }
});

/** The 8-byte lanes of the first SHAKE256 block of PRF(seed, n) for each nonce: a sponge's state holds them lane by lane. */
function noiseLanes(seed: Uint8Array, nonces: number): Uint8Array[] {
  const lanes: Uint8Array[] = [];
  for (let n = 0; n < nonces; n++) {
    const block = shake256(Uint8Array.of(...seed, n), { dkLen: 136 });
    for (let i = 0; i < 136; i += 8) lanes.push(block.subarray(i, i + 8));
  }
  return lanes;
}

/** Decompress_1(m) as the engine holds it (256 little-endian i16 coefficients, 0 or 1665), its first 32 bytes. */
function messagePolynomial(m: Uint8Array): Uint8Array {
  const coefficients = Int16Array.from({ length: 16 }, (_, k) => ((m[k >> 3]! >> (k & 7)) & 1) * 1665);
  return new Uint8Array(coefficients.buffer);
}

describe('ML-KEM leaves no noise stream, noise seed or message polynomial in wasm memory', () => {
  for (const level of [512, 768, 1024] as const) {
    it(`ML-KEM-${level}: no sigma nor lane of PRF(sigma, N) after keygen; no r, lane of PRF(r, N) or Decompress(m) after encapsulate and decapsulate`, async () => {
      const k = level / 256;
      const wasm = await instantiate();
      const kem = mlKemApi(wasm, new Io(wasm), level);
      const seed = crypto.getRandomValues(new Uint8Array(64));
      const { publicKey, secretKey } = kem.keygen(seed);
      const sigma = sha3_512(Uint8Array.of(...seed.subarray(0, 32), k)).subarray(32);
      const afterKeygen = new Uint8Array(wasm.memory.buffer).slice();
      const keygenLeft = [sigma, ...noiseLanes(sigma, 2 * k)].filter((needle) => occurrences(afterKeygen, needle).length > 0);
      expect(keygenLeft.length).toBe(0);
      const m = crypto.getRandomValues(new Uint8Array(32));
      const { cipherText } = kem.encapsulate(publicKey, m);
      const r = sha3_512(Uint8Array.of(...m, ...sha3_256(publicKey))).subarray(32);
      const needles = [r, messagePolynomial(m), ...noiseLanes(r, 2 * k + 1)];
      const afterEncaps = new Uint8Array(wasm.memory.buffer).slice();
      expect(needles.filter((needle) => occurrences(afterEncaps, needle).length > 0).length).toBe(0);
      kem.decapsulate(cipherText, secretKey);
      const afterDecaps = new Uint8Array(wasm.memory.buffer);
      expect(needles.filter((needle) => occurrences(afterDecaps, needle).length > 0).length).toBe(0);
    });
  }
});
