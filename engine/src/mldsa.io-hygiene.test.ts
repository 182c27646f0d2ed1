/**
 * ML-DSA's secrets do not wait in wasm memory for the next call: after keygen and hedged signing
 * through the API, neither the seed xi, K, rho', the packed s1, the signing randomness, rho'' nor
 * the first bytes of a mask polynomial's SHAKE256 stream (mldsa/mask.ts keeps several of them
 * ahead, and c~ is hashed beside them) are left anywhere in wasm memory.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mlDsaApi } from './mldsa.ts';
import { sha2Api } from './sha2.ts';
import { sha3Api } from './sha3.ts';
import { instantiate, Io } from './wasm.ts';

const shake256 = (outputLength: number, ...parts: Uint8Array[]) => {
  const h = createHash('shake256', { outputLength });
  for (const part of parts) h.update(part);
  return new Uint8Array(h.digest());
};

/** Offsets in `memory` where `needle` (16 bytes or more) starts. */
function occurrences(memory: Uint8Array, needle: Uint8Array): number[] {
  const found: number[] = [];
  for (let i = memory.indexOf(needle[0]!); i >= 0 && i + needle.length <= memory.length; i = memory.indexOf(needle[0]!, i + 1)) {
    if (needle.every((b, j) => memory[i + j] === b)) found.push(i);
  }
  return found;
}

const LEVELS = { 44: [4, 4], 65: [6, 5], 87: [8, 7] } as const;

describe('ML-DSA leaves no secret in wasm memory', () => {
  for (const [name, [k, l]] of Object.entries(LEVELS)) {
    const level = Number(name) as 44 | 65 | 87;
    it(`ML-DSA-${level}: not xi, K, rho', s1, rnd, rho'' or a mask stream, after keygen and eight hedged signatures`, async () => {
      const wasm = await instantiate();
      const io = new Io(wasm);
      const dsa = mlDsaApi(wasm, io, { ...sha3Api(wasm, io), ...sha2Api(wasm, io) }, level);
      const xi = crypto.getRandomValues(new Uint8Array(32));
      const { publicKey, secretKey } = dsa.keygen(xi);
      const rhoPrime = shake256(128, xi, new Uint8Array([k, l])).subarray(32, 96);
      const secrets: Record<string, Uint8Array> = { xi, K: secretKey.subarray(32, 64), rhoPrime, s1: secretKey.subarray(128, 160) };
      for (let i = 0; i < 8; i++) {
        const message = new Uint8Array([i, 1, 2, 3]);
        const random = crypto.getRandomValues(new Uint8Array(32));
        const signature = dsa.sign(message, secretKey, { random });
        expect(dsa.verify(publicKey, message, signature)).toBe(true);
        const mu = shake256(64, secretKey.subarray(64, 128), new Uint8Array([0, 0]), message);
        const rhoPP = shake256(64, secretKey.subarray(32, 64), random, mu);
        secrets[`rnd ${i}`] = random;
        secrets[`rho'' ${i}`] = rhoPP;
        for (const nonce of [0, l, 2 * l]) secrets[`mask ${i}/${nonce}`] = shake256(32, rhoPP, new Uint8Array([nonce, 0]));
      }
      const memory = new Uint8Array(wasm.memory.buffer);
      for (const [what, secret] of Object.entries(secrets)) expect([what, occurrences(memory, secret)]).toEqual([what, []]);
    });
  }
});
