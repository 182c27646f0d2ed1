/** secp256k1 ECDSA and BIP-340: differential against @noble/curves, negatives, input codes, memory. */
import { schnorr, secp256k1 as noble } from '@noble/curves/secp256k1.js';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toBigInt, toBytes32 } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';
import { secp256k1Api } from './secp256k1.ts';
import { instantiate, Io } from './wasm.ts';

const k1 = engine.secp256k1;

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const rand = (n: number) => new Uint8Array(randomBytes(n));
const flip = (b: Uint8Array, bit: number) => {
  const c = b.slice();
  c[bit >> 3] ^= 1 << (bit & 7);
  return c;
};
/** Secret keys at the edges of [1, n) and of the limb and window boundaries. */
const EDGE_KEYS = [1n, 2n, 3n, 15n, 16n, 17n, (N - 1n) / 2n, (N + 1n) / 2n, N - 2n, N - 1n, 1n << 128n, (1n << 255n) - 1n, 1n << 255n, (1n << 256n) - (1n << 225n)].map(toBytes32);
/** x^-1 mod n (Fermat). */
const modInverse = (x: bigint): bigint => {
  let result = 1n;
  for (let b = x % N, e = N - 2n; e > 0n; e >>= 1n, b = (b * b) % N) if (e & 1n) result = (result * b) % N;
  return result;
};
const codeOf = (code: string, param?: string) => expect.objectContaining(param ? { code, param } : { code });

describe('secp256k1 keys agree with @noble/curves', () => {
  it('derives the same compressed and uncompressed public keys, random and edge secret keys', () => {
    for (const sk of [...EDGE_KEYS, ...Array.from({ length: 50 }, () => k1.keygen().secretKey)]) {
      expect(k1.getPublicKey(sk)).toEqual(noble.getPublicKey(sk, true));
      expect(k1.getPublicKey(sk, { compressed: false })).toEqual(noble.getPublicKey(sk, false));
      expect(k1.schnorrGetPublicKey(sk)).toEqual(schnorr.getPublicKey(sk));
    }
  });

  it('keygen uses the seed as the secret key and returns its compressed public key', () => {
    const seed = rand(32);
    const { secretKey, publicKey } = k1.keygen(seed);
    expect(secretKey).toEqual(seed);
    expect(publicKey).toEqual(noble.getPublicKey(seed, true));
    const a = k1.keygen();
    expect(a.secretKey).toHaveLength(32);
    expect(a.publicKey).toEqual(noble.getPublicKey(a.secretKey, true));
    expect(k1.keygen().secretKey).not.toEqual(a.secretKey);
  });
});

describe('ECDSA agrees with @noble/curves', () => {
  it('produces the same RFC 6979 signature bytes for the same key and digest, with and without extra entropy', () => {
    for (let i = 0; i < 200; i++) {
      const sk = i < EDGE_KEYS.length ? EDGE_KEYS[i] : k1.keygen().secretKey;
      const digest = i % 17 === 0 ? new Uint8Array(32).fill(0xff) : rand(32);
      const extra = i % 2 === 1 ? rand(32) : undefined;
      const ours = k1.ecdsaSign(digest, sk, extra ? { extraEntropy: extra } : undefined);
      expect(ours).toEqual(noble.sign(digest, sk, { prehash: false, extraEntropy: extra ?? false }));
      expect(k1.ecdsaVerify(k1.getPublicKey(sk, { compressed: i % 2 === 0 }), digest, ours)).toBe(true);
    }
  });

  it('verifies noble signatures (compact and DER), and noble verifies ours', () => {
    for (let i = 0; i < 50; i++) {
      const { secretKey, publicKey } = k1.keygen();
      const uncompressed = k1.getPublicKey(secretKey, { compressed: false });
      const digest = rand(32);
      const theirs = noble.sign(digest, secretKey, { prehash: false, extraEntropy: true });
      const theirsDer = noble.Signature.fromBytes(theirs, 'compact').toBytes('der');
      expect(k1.ecdsaVerify(publicKey, digest, theirs)).toBe(true);
      expect(k1.ecdsaVerify(uncompressed, digest, theirsDer)).toBe(true);
      const ours = k1.ecdsaSign(digest, secretKey, { extraEntropy: true });
      expect(noble.verify(ours, digest, publicKey, { prehash: false })).toBe(true);
      expect(k1.ecdsaToDer(ours)).toEqual(noble.Signature.fromBytes(ours, 'compact').toBytes('der'));
      expect(k1.ecdsaFromDer(theirsDer)).toEqual(theirs);
    }
  });

  it('accepts only the named encoding with { format }', () => {
    const { secretKey, publicKey } = k1.keygen();
    const digest = rand(32);
    const compact = k1.ecdsaSign(digest, secretKey);
    const der = k1.ecdsaToDer(compact);
    expect(k1.ecdsaVerify(publicKey, digest, compact, { format: 'compact' })).toBe(true);
    expect(k1.ecdsaVerify(publicKey, digest, der, { format: 'compact' })).toBe(false);
    expect(k1.ecdsaVerify(publicKey, digest, der, { format: 'der' })).toBe(true);
    expect(k1.ecdsaVerify(publicKey, digest, compact, { format: 'der' })).toBe(false);
    expect(() => k1.ecdsaVerify(publicKey, digest, compact, { format: 'p1363' } as never)).toThrow(codeOf('invalid_option', 'options.format'));
  });

  it('signs low-S, rejects the high-S twin by default and accepts it with { lowS: false }', () => {
    for (let i = 0; i < 20; i++) {
      const { secretKey, publicKey } = k1.keygen();
      const digest = rand(32);
      const sig = k1.ecdsaSign(digest, secretKey);
      const s = toBigInt(sig.subarray(32));
      expect(s <= (N - 1n) / 2n).toBe(true);
      const high = sig.slice();
      high.set(toBytes32(N - s), 32);
      expect(k1.ecdsaVerify(publicKey, digest, high)).toBe(false);
      expect(k1.ecdsaVerify(publicKey, digest, high, { lowS: false })).toBe(true);
      expect(noble.verify(high, digest, publicKey, { prehash: false, lowS: false })).toBe(true);
    }
  });

  it('rejects a flipped bit in the signature, the digest or the public key', () => {
    const { secretKey, publicKey } = k1.keygen();
    const digest = rand(32);
    const sig = k1.ecdsaSign(digest, secretKey);
    for (const bit of [0, 100, 255, 256, 400, 511]) expect(k1.ecdsaVerify(publicKey, digest, flip(sig, bit)), `bit ${bit}`).toBe(false);
    expect(k1.ecdsaVerify(publicKey, flip(digest, 7), sig)).toBe(false);
    expect(k1.ecdsaVerify(flip(publicKey, 8 * 20), digest, sig)).toBe(false);
    expect(k1.ecdsaVerify(k1.keygen().publicKey, digest, sig)).toBe(false);
  });

  it('rejects r or s of zero or at least n, and public keys off the curve or not below p', () => {
    const { secretKey, publicKey } = k1.keygen();
    const digest = rand(32);
    const sig = k1.ecdsaSign(digest, secretKey);
    for (const [r, s] of [[0n, 1n], [1n, 0n], [N, 1n], [1n, N], [(1n << 256n) - 1n, 1n]]) {
      const bad = new Uint8Array(64);
      bad.set(toBytes32(r), 0);
      bad.set(toBytes32(s), 32);
      expect(k1.ecdsaVerify(publicKey, digest, bad, { lowS: false })).toBe(false);
    }
    const offCurve = k1.getPublicKey(secretKey, { compressed: false });
    offCurve[64] ^= 1;
    expect(k1.ecdsaVerify(offCurve, digest, sig)).toBe(false);
    const xTooBig = new Uint8Array(33).fill(0xff);
    xTooBig[0] = 2;
    expect(k1.ecdsaVerify(xTooBig, digest, sig)).toBe(false);
    const hybrid = k1.getPublicKey(secretKey, { compressed: false });
    hybrid[0] = 6 | (hybrid[64] & 1);
    expect(k1.ecdsaVerify(hybrid, digest, sig)).toBe(false);
  });
});

describe('BIP-340 agrees with @noble/curves', () => {
  it('produces the same signature for the same key, message and aux, for messages of many lengths', () => {
    for (let i = 0; i < 60; i++) {
      const sk = i < EDGE_KEYS.length ? EDGE_KEYS[i] : k1.keygen().secretKey;
      const message = rand(i * 13);
      const aux = rand(32);
      const sig = k1.schnorrSign(message, sk, aux);
      expect(sig).toEqual(schnorr.sign(message, sk, aux));
      expect(k1.schnorrVerify(k1.schnorrGetPublicKey(sk), message, sig)).toBe(true);
    }
  });

  it('verifies noble signatures and noble verifies ours, with fresh aux by default', () => {
    for (let i = 0; i < 30; i++) {
      const { secretKey } = k1.keygen();
      const pk = k1.schnorrGetPublicKey(secretKey);
      const message = rand(i * 7);
      expect(k1.schnorrVerify(pk, message, schnorr.sign(message, secretKey))).toBe(true);
      const ours = k1.schnorrSign(message, secretKey);
      expect(schnorr.verify(ours, message, pk)).toBe(true);
      expect(k1.schnorrSign(message, secretKey)).not.toEqual(ours);
    }
  });

  it('streams a message longer than the IO buffer through both passes', () => {
    const { secretKey } = k1.keygen();
    const message = rand(200_000);
    const aux = rand(32);
    const sig = k1.schnorrSign(message, secretKey, aux);
    expect(sig).toEqual(schnorr.sign(message, secretKey, aux));
    expect(k1.schnorrVerify(k1.schnorrGetPublicKey(secretKey), message, sig)).toBe(true);
    expect(k1.schnorrVerify(k1.schnorrGetPublicKey(secretKey), flip(message, 150_000 * 8), sig)).toBe(false);
  });

  it('rejects a flipped bit in the signature, the message or the key', () => {
    const { secretKey } = k1.keygen();
    const pk = k1.schnorrGetPublicKey(secretKey);
    const message = rand(50);
    const sig = k1.schnorrSign(message, secretKey);
    for (const bit of [0, 255, 256, 300, 511]) expect(k1.schnorrVerify(pk, message, flip(sig, bit)), `bit ${bit}`).toBe(false);
    expect(k1.schnorrVerify(pk, flip(message, 3), sig)).toBe(false);
    expect(k1.schnorrVerify(flip(pk, 9), message, sig)).toBe(false);
  });
});

describe('secp256k1 input checks', () => {
  it('refuses secret keys of the wrong length or outside [1, n) with invalid_key', () => {
    const digest = rand(32);
    for (const bad of [new Uint8Array(32), toBytes32(N), new Uint8Array(32).fill(0xff)]) {
      expect(() => k1.getPublicKey(bad)).toThrow(codeOf('invalid_key', 'secretKey'));
      expect(() => k1.ecdsaSign(digest, bad)).toThrow(codeOf('invalid_key', 'secretKey'));
      expect(() => k1.schnorrSign(digest, bad)).toThrow(codeOf('invalid_key', 'secretKey'));
      expect(() => k1.schnorrGetPublicKey(bad)).toThrow(codeOf('invalid_key', 'secretKey'));
      expect(() => k1.keygen(bad)).toThrow(codeOf('invalid_key', 'seed'));
    }
    expect(() => k1.ecdsaSign(digest, rand(31))).toThrow(codeOf('invalid_key', 'secretKey'));
    expect(() => k1.keygen(rand(33))).toThrow(codeOf('invalid_seed_length', 'seed'));
  });

  it('refuses wrong digest, entropy, aux, key and signature lengths with their codes', () => {
    const { secretKey, publicKey } = k1.keygen();
    const sig = k1.ecdsaSign(rand(32), secretKey);
    expect(() => k1.ecdsaSign(rand(31), secretKey)).toThrow(codeOf('invalid_length', 'messageHash'));
    expect(() => k1.ecdsaVerify(publicKey, rand(33), sig)).toThrow(codeOf('invalid_length', 'messageHash'));
    expect(() => k1.ecdsaSign(rand(32), secretKey, { extraEntropy: rand(16) })).toThrow(codeOf('invalid_random_length', 'options.extraEntropy'));
    expect(() => k1.ecdsaVerify(publicKey.subarray(1), rand(32), sig)).toThrow(codeOf('invalid_key', 'publicKey'));
    expect(() => k1.ecdsaToDer(sig.subarray(1))).toThrow(codeOf('invalid_signature_length', 'signature'));
    expect(() => k1.schnorrSign(rand(5), secretKey, rand(31))).toThrow(codeOf('invalid_random_length', 'aux'));
    expect(() => k1.schnorrVerify(publicKey, rand(5), sig)).toThrow(codeOf('invalid_key', 'xOnlyPublicKey'));
    expect(() => k1.schnorrVerify(publicKey.subarray(1), rand(5), sig.subarray(1))).toThrow(codeOf('invalid_signature_length', 'signature'));
  });

  it('refuses malformed DER with invalid_signature, and verify answers false for it', () => {
    const { secretKey, publicKey } = k1.keygen();
    const digest = rand(32);
    const der = k1.ecdsaToDer(k1.ecdsaSign(digest, secretKey));
    const longForm = new Uint8Array([0x30, 0x81, der[1], ...der.subarray(2)]);
    for (const bad of [der.subarray(0, der.length - 1), new Uint8Array([...der, 0]), longForm, new Uint8Array(0)]) {
      expect(() => k1.ecdsaFromDer(bad)).toThrow(codeOf('invalid_signature', 'signature'));
      expect(k1.ecdsaVerify(publicKey, digest, bad)).toBe(false);
    }
    expect(k1.ecdsaVerify(publicKey, digest, der)).toBe(true);
  });

  it('refuses non-Uint8Array arguments and unknown or mistyped options', () => {
    const { secretKey, publicKey } = k1.keygen();
    const digest = rand(32);
    expect(() => k1.ecdsaSign('00' as never, secretKey)).toThrow(codeOf('invalid_argument', 'messageHash'));
    expect(() => k1.schnorrSign([1, 2] as never, secretKey)).toThrow(codeOf('invalid_argument', 'message'));
    expect(() => k1.ecdsaSign(digest, secretKey, { extraEntropie: true } as never)).toThrow(codeOf('invalid_option', 'options.extraEntropie'));
    expect(() => k1.ecdsaVerify(publicKey, digest, rand(64), { lowS: 1 } as never)).toThrow(codeOf('invalid_option', 'options.lowS'));
    expect(() => k1.getPublicKey(secretKey, { compressed: 'yes' } as never)).toThrow(codeOf('invalid_option', 'options.compressed'));
  });
});

describe('secp256k1 memory', () => {
  it('leaves no copy of the secret key in wasm memory after keygen, signing and key derivation', async () => {
    const wasm = await instantiate();
    const raw = secp256k1Api(wasm, new Io(wasm));
    const { secretKey } = raw.keygen();
    const digest = rand(32);
    raw.ecdsaSign(digest, secretKey, { extraEntropy: true });
    raw.schnorrSign(new Uint8Array(0), secretKey);
    raw.getPublicKey(secretKey);
    raw.schnorrGetPublicKey(secretKey);
    expect(Buffer.from(wasm.memory.buffer).indexOf(Buffer.from(secretKey))).toBe(-1);
  });

  it('leaves no nonce in wasm memory after ECDSA and BIP-340 signing: k, n - k and their inverses, in either byte order', async () => {
    const wasm = await instantiate();
    const raw = secp256k1Api(wasm, new Io(wasm));
    const { secretKey } = raw.keygen();
    const d = toBigInt(secretKey);
    const digest = rand(32);
    const sig = raw.ecdsaSign(digest, secretKey);
    const [r, s] = [toBigInt(sig.subarray(0, 32)), toBigInt(sig.subarray(32))];
    // s = k^-1 (z + r d): k = s^-1 (z + r d).
    const kEcdsa = (modInverse(s) * ((toBigInt(digest) % N) + r * d)) % N;
    const message = rand(32);
    const bip = raw.schnorrSign(message, secretKey);
    const px = schnorr.getPublicKey(secretKey);
    const e = toBigInt(schnorr.utils.taggedHash('BIP0340/challenge', bip.subarray(0, 32), px, message)) % N;
    const dEven = (noble.getPublicKey(secretKey, true)[0] === 2 ? d : N - d) % N;
    // s = k + e d (with k and d negated to even Y): k = s - e d.
    const kSchnorr = (((toBigInt(bip.subarray(32)) - e * dEven) % N) + N) % N;
    // The nonces recovered are the ones used: k G has x = r, and k G is R.
    expect(toBigInt(noble.getPublicKey(toBytes32(kEcdsa), true).subarray(1)) % N).toBe(r);
    expect(schnorr.getPublicKey(toBytes32(kSchnorr))).toEqual(bip.subarray(0, 32));
    const memory = Buffer.from(wasm.memory.buffer);
    const forms = (x: bigint) => [x, N - x, modInverse(x), N - modInverse(x)].flatMap((v) => [toBytes32(v), toBytes32(v).reverse()]);
    const found = [...forms(kEcdsa), ...forms(kSchnorr)].filter((b) => memory.indexOf(Buffer.from(b)) >= 0);
    expect(found.length).toBe(0);
  });

  it('keeps wasm memory flat over 3,000 sign and verify rounds of both schemes', () => {
    const { secretKey, publicKey } = k1.keygen();
    const xOnly = k1.schnorrGetPublicKey(secretKey);
    const digest = rand(32);
    k1.ecdsaVerify(publicKey, digest, k1.ecdsaSign(digest, secretKey));
    const before = engine.memoryBytes();
    let valid = 0;
    for (let i = 0; i < 1500; i++) {
      digest[0] = i & 255;
      if (k1.ecdsaVerify(publicKey, digest, k1.ecdsaSign(digest, secretKey))) valid++;
      if (k1.schnorrVerify(xOnly, digest, k1.schnorrSign(digest, secretKey))) valid++;
    }
    expect(valid).toBe(3000);
    expect(engine.memoryBytes()).toBe(before);
  });
});
