/**
 * secp256k1 verification (ecmult.ts: wide tables of G built on first use, the public key's table on
 * an isomorphic curve, safegcd inverses): differential against @noble/curves on random and
 * constructed edge inputs, including signatures whose R has x >= n (ECDSA's r + n < p case), sums
 * that reach infinity, and BIP-340 nonces with odd y.
 */
import { schnorr, secp256k1 as noble } from '@noble/curves/secp256k1.js';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toBigInt, toBytes32 } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';
import { loadEngine } from './index.ts';

const k1 = engine.secp256k1;
const Point = noble.Point;
const G = Point.BASE;
const N = Point.CURVE().n;
const P = Point.CURVE().p;
const rand = (n: number) => new Uint8Array(randomBytes(n));
const mod = (a: bigint, m = N) => ((a % m) + m) % m;
const inv = (a: bigint) => {
  let [r, newR, t, newT] = [N, mod(a), 0n, 1n];
  while (newR !== 0n) {
    const q = r / newR;
    [r, newR, t, newT] = [newR, r - q * newR, newT, t - q * newT];
  }
  return mod(t);
};
const randScalar = () => mod(toBigInt(rand(32)), N - 1n) + 1n;
const compact = (r: bigint, s: bigint) => {
  const sig = new Uint8Array(64);
  sig.set(toBytes32(r), 0);
  sig.set(toBytes32(s), 32);
  return sig;
};
/** Whether noble's ECDSA verify (no prehash) accepts; false where it throws on the input. */
const nobleVerify = (sig: Uint8Array, digest: Uint8Array, pk: Uint8Array, lowS: boolean) => {
  try {
    return noble.verify(sig, digest, pk, { prehash: false, lowS });
  } catch {
    return false;
  }
};

/**
 * A valid ECDSA signature (for a key made to fit) whose nonce point is R: with random a and b,
 * P = (R - aG) / b, s = r / b and z = a s give u1 = a and u2 = b, so u1 G + u2 P = R.
 */
function signatureFor(R: InstanceType<typeof Point>) {
  const r = mod(R.toAffine().x);
  const a = randScalar();
  const b = randScalar();
  const pk = R.subtract(G.multiply(a)).multiply(inv(b));
  const s = mod(r * inv(b));
  return { pk: pk.toBytes(true), digest: toBytes32(mod(a * s)), r, s };
}

/** A point whose x-coordinate is at least n (x in [n, p)): such x exist, about 2^128 of them. */
function pointWithLargeX(): InstanceType<typeof Point> {
  for (let x = N + 1n + mod(toBigInt(rand(8)), 1n << 60n); ; x++) {
    if (x >= P) throw new Error('no x found');
    try {
      return Point.fromHex(`02${x.toString(16).padStart(64, '0')}`);
    } catch {
      // x^3 + 7 is not a square: try the next x.
    }
  }
}

describe('ECDSA verification agrees with @noble/curves', () => {
  it('on random keys and digests, valid and with one scalar or the digest perturbed', () => {
    for (let i = 0; i < 48; i++) {
      const { secretKey, publicKey } = k1.keygen();
      const digest = rand(32);
      const sig = k1.ecdsaSign(digest, secretKey);
      const r = toBigInt(sig.subarray(0, 32));
      const s = toBigInt(sig.subarray(32));
      const cases: [Uint8Array, Uint8Array][] = [
        [sig, digest],
        [compact(r, mod(s + 1n)), digest],
        [compact(mod(r + 1n), s), digest],
        [compact(r, N - s), digest],
        [sig, toBytes32(mod(toBigInt(digest) + 1n, 1n << 256n))],
      ];
      for (const [candidate, d] of cases) {
        for (const lowS of [true, false]) {
          expect(k1.ecdsaVerify(publicKey, d, candidate, { lowS }), `case ${i}`).toBe(nobleVerify(candidate, d, publicKey, lowS));
        }
      }
    }
  });

  it('accepts x(R) mod n = r when x(R) >= n, and rejects r given as x(R) itself', () => {
    for (let i = 0; i < 6; i++) {
      const R = pointWithLargeX();
      const { pk, digest, r, s } = signatureFor(R);
      const low = s > N / 2n ? N - s : s;
      expect(r + N < P).toBe(true);
      expect(k1.ecdsaVerify(pk, digest, compact(r, low))).toBe(true);
      expect(nobleVerify(compact(r, low), digest, pk, true)).toBe(true);
      expect(k1.ecdsaVerify(pk, digest, compact(r + N, low))).toBe(false);
      // The high-S twin names -R, whose x is the same.
      expect(k1.ecdsaVerify(pk, digest, compact(r, N - low), { lowS: false })).toBe(true);
    }
  });

  it('matches noble for constructed nonce points: small multiples of G, their negations, and R = 2^128 G', () => {
    const points = [G, G.double(), G.multiply(15n), G.multiply(16n), G.negate(), G.multiply(1n << 128n), G.multiply(N - 2n)];
    for (const R of points) {
      const { pk, digest, r, s } = signatureFor(R);
      for (const sig of [compact(r, s), compact(r, N - s)]) {
        expect(k1.ecdsaVerify(pk, digest, sig, { lowS: false })).toBe(true);
        expect(k1.ecdsaVerify(pk, digest, sig, { lowS: false })).toBe(nobleVerify(sig, digest, pk, false));
      }
    }
  });

  it('rejects a signature whose u1 G + u2 P is the point at infinity, as noble does', () => {
    for (let i = 0; i < 4; i++) {
      const c = randScalar();
      const pk = G.multiply(c).toBytes(true);
      const r = randScalar();
      const s = randScalar();
      // u1 = z / s and u2 = r / s with z = -r c: u1 + u2 c = 0.
      const digest = toBytes32(mod(-r * c));
      const sig = compact(r, s);
      expect(k1.ecdsaVerify(pk, digest, sig, { lowS: false })).toBe(false);
      expect(nobleVerify(sig, digest, pk, false)).toBe(false);
    }
  });

  it('handles digests of 0 and n (u1 = 0) and keys at the scalar edges', () => {
    for (const sk of [1n, 2n, N - 1n, (N - 1n) / 2n, 1n << 128n].map(toBytes32)) {
      const pk = k1.getPublicKey(sk);
      for (const digest of [toBytes32(0n), toBytes32(N), toBytes32(1n), toBytes32((1n << 256n) - 1n)]) {
        const sig = k1.ecdsaSign(digest, sk);
        expect(k1.ecdsaVerify(pk, digest, sig)).toBe(true);
        expect(nobleVerify(sig, digest, pk, true)).toBe(true);
      }
    }
  });

  it('verifies correctly from a freshly loaded engine (the first call builds the tables of G)', async () => {
    const fresh = (await loadEngine()).secp256k1;
    const { secretKey, publicKey } = k1.keygen();
    const digest = rand(32);
    const sig = k1.ecdsaSign(digest, secretKey);
    expect(fresh.ecdsaVerify(publicKey, digest, sig)).toBe(true);
    expect(fresh.ecdsaVerify(publicKey, digest, compact(toBigInt(sig.subarray(0, 32)), 1n))).toBe(false);
    const xo = schnorr.getPublicKey(secretKey);
    expect(fresh.schnorrVerify(xo, digest, schnorr.sign(digest, secretKey))).toBe(true);
  });
});

describe('BIP-340 verification agrees with @noble/curves', () => {
  const nobleSchnorr = (sig: Uint8Array, msg: Uint8Array, pk: Uint8Array) => {
    try {
      return schnorr.verify(sig, msg, pk);
    } catch {
      return false;
    }
  };

  it('on random keys and messages, valid and with r, s or the key perturbed', () => {
    for (let i = 0; i < 48; i++) {
      const sk = rand(32);
      const pk = schnorr.getPublicKey(sk);
      const msg = rand(i);
      const sig = schnorr.sign(msg, sk, rand(32));
      const r = toBigInt(sig.subarray(0, 32));
      const s = toBigInt(sig.subarray(32));
      const otherPk = schnorr.getPublicKey(rand(32));
      const cases: [Uint8Array, Uint8Array][] = [
        [sig, pk],
        [compact(r, mod(s + 1n)), pk],
        [compact(r, N - s), pk],
        [compact(mod(r + 1n, P), s), pk],
        [compact(r, s + N < 1n << 256n ? s + N : s), pk],
        [compact(r + P < 1n << 256n ? r + P : r, s), pk],
        [sig, otherPk],
      ];
      for (const [candidate, key] of cases) expect(k1.schnorrVerify(key, msg, candidate), `case ${i}`).toBe(nobleSchnorr(candidate, msg, key));
    }
  });

  it('accepts R with even y and rejects the same x with odd y (s for the negated nonce)', () => {
    for (let i = 0; i < 16; i++) {
      const d = randScalar();
      const Pt = G.multiply(d);
      const dEven = (Pt.toAffine().y & 1n) === 0n ? d : N - d;
      const pk = toBytes32(Pt.toAffine().x);
      const msg = rand(32);
      const k = randScalar();
      const R = G.multiply(k);
      const kEven = (R.toAffine().y & 1n) === 0n ? k : N - k;
      const rBytes = toBytes32(R.toAffine().x);
      const e = mod(toBigInt(schnorr.utils.taggedHash('BIP0340/challenge', rBytes, pk, msg)));
      const good = compact(R.toAffine().x, mod(kEven + e * dEven));
      const wrongParity = compact(R.toAffine().x, mod(N - kEven + e * dEven));
      expect(k1.schnorrVerify(pk, msg, good)).toBe(true);
      expect(k1.schnorrVerify(pk, msg, wrongParity)).toBe(false);
      expect(nobleSchnorr(wrongParity, msg, pk)).toBe(false);
    }
  });
});
