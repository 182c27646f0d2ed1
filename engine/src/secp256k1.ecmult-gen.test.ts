/**
 * The constant-time fixed-base multiplication k * G (engine/assembly/secp256k1/ecmult_gen.ts: 6-bit
 * windows of odd digits of W = (k + C) / 2 mod n from the start 2^255 G), through the public-key
 * export, against @noble/curves: random k, and the k that sit on the recoding's edges, where every
 * window holds the same digit, or where the last window meets the accumulator itself (the doubling
 * case only the complete formula of that window handles).
 */
import { secp256k1 as noble } from '@noble/curves/secp256k1.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBytes32 } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const mod = (a: bigint) => ((a % N) + N) % N;
/** The recoding's constant: W = (k + C) / 2 mod n, C = 2^258 - 1 - 2^255. */
const C = mod(2n ** 258n - 1n - 2n ** 255n);
/** The k whose recoded W is w. */
const kOfW = (w: bigint) => mod(2n * w - C);
/** W with every one of the 43 six-bit windows equal to d. */
const allWindows = (d: bigint) => Array.from({ length: 43 }, (_, i) => d << BigInt(6 * i)).reduce((a, b) => a + b, 0n);

/**
 * The k for which the accumulator before the last window, (2^255 + s) G with s = 2 (W mod 2^252) -
 * (2^252 - 1), equals the entry it adds, d 2^252 G with d = 2 w_42 - 63: 2^255 + s = d 2^252 mod n.
 */
function lastWindowDoubling(): bigint[] {
  const out: bigint[] = [];
  for (let w42 = 0n; w42 < 16n; w42++) {
    const s = mod((2n * w42 - 63n) * 2n ** 252n) - 2n ** 255n;
    if ((s & 1n) === 0n || s <= -(2n ** 252n) || s >= 2n ** 252n) continue;
    const low = (s + 2n ** 252n - 1n) / 2n;
    out.push(kOfW((w42 << 252n) + low));
  }
  return out;
}

const EDGES = [
  1n, 2n, 3n, 63n, 64n, 65n, N - 1n, N - 2n, N - 3n, 2n ** 128n, 2n ** 252n, 2n ** 255n, 2n ** 255n - 1n, 2n ** 255n + 1n,
  (N - 1n) / 2n, (N + 1n) / 2n, 2n ** 256n - N,
  ...[0n, 1n, 31n, 32n, 62n, 63n].map((d) => kOfW(mod(allWindows(d)))),
  kOfW(0n), kOfW(N - 1n), kOfW((N - 1n) / 2n),
  ...lastWindowDoubling(),
].filter((k) => k !== 0n);

const check = (k: bigint) => {
  const sk = toBytes32(k);
  expect(engine.secp256k1.getPublicKey(sk, { compressed: false })).toEqual(noble.getPublicKey(sk, false));
};

describe('secp256k1 k * G', () => {
  it('finds the last window meeting the accumulator for some k (so the edge cases below include it)', () => {
    expect(lastWindowDoubling().length).toBeGreaterThan(0);
  });

  it('agrees with noble on the recoding edges: 1, 2, n - 1, n - 2, 2^255, equal windows, the doubling in the last window', () => {
    EDGES.forEach(check);
  });

  it('agrees with noble for random k in [1, n)', () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: N - 1n }), check), { numRuns: 300 });
  });
});
