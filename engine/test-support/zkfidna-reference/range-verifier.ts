/**
 * Verifier of the aggregated range proof: replay the transcript for the challenges, then check one
 * weighted sum of points (the t(x) polynomial check and the inner-product check, combined with a
 * batching weight c from the transcript) against the identity.
 */
import { generators } from './generators.ts';
import { msm, type Point } from './points.ts';
import {
  appendPoint,
  appendRangeStatement,
  appendScalar,
  BITS,
  bitWeights,
  type RangeChallenges,
  type RangeProof,
  roundsFor,
} from './range-proof.ts';
import { invMod, mod, N, powers, u64be } from './scalar.ts';
import type { Transcript } from './transcript.ts';

/**
 * Feeds the proof into the transcript exactly as the prover did and returns y, z, x, w, u_1..u_k,
 * or null when any of them is zero (the proof is rejected).
 */
export function replayRange(t: Transcript, V: Point[], proof: RangeProof): RangeChallenges | null {
  if (proof.L.length !== roundsFor(V.length) || proof.R.length !== proof.L.length) return null;
  appendRangeStatement(t, V);
  appendPoint(t, 'A', proof.A);
  appendPoint(t, 'S', proof.S);
  const y = t.challenge('y');
  const z = t.challenge('z');
  appendPoint(t, 'T1', proof.T1);
  appendPoint(t, 'T2', proof.T2);
  const x = t.challenge('x');
  appendScalar(t, 't_x', proof.tx);
  appendScalar(t, 't_x_blinding', proof.taux);
  appendScalar(t, 'e_blinding', proof.mu);
  const w = t.challenge('w');
  t.append('ipp-n', u64be(BigInt(BITS * V.length)));
  const u: bigint[] = [];
  for (let j = 0; j < proof.L.length; j++) {
    appendPoint(t, 'L', proof.L[j]);
    appendPoint(t, 'R', proof.R[j]);
    u.push(t.challenge('u'));
  }
  if ([y, z, x, w, ...u].includes(0n)) return null;
  return { y, z, x, w, u };
}

/**
 * s_i = Π_j u_j^(±1): +1 where bit (k - j) of i is set (round j, numbered from 1, folds the top
 * remaining bit), -1 elsewhere. Built as s_0 = Π u_j^-1, then s_i = s_(i - 2^p) · u_(k-p)^2.
 */
export function foldingScalars(u: bigint[]): bigint[] {
  const k = u.length;
  const s: bigint[] = [u.reduce((acc, uj) => (acc * invMod(uj)) % N, 1n)];
  for (let i = 1; i < 1 << k; i++) {
    const p = 31 - Math.clz32(i);
    const uRound = u[k - p - 1];
    s.push((s[i - (1 << p)] * uRound * uRound) % N);
  }
  return s;
}

/** δ(y, z) = (z - z²)·Σ_(i<nm) y^i - Σ_(j<m) z^(3+j)·(2^64 - 1). */
export function delta(y: bigint, z: bigint, m: number): bigint {
  const sumY = powers(y, BITS * m).reduce((acc, v) => acc + v, 0n);
  let result = mod((z - z * z) * sumY);
  let z3j = (z * z * z) % N;
  for (let j = 0; j < m; j++) {
    result = mod(result - z3j * ((1n << BigInt(BITS)) - 1n));
    z3j = (z3j * z) % N;
  }
  return result;
}

/** The single weighted sum; true iff it is the identity. `c` is the batching weight. */
export function checkRangeEquation(V: Point[], proof: RangeProof, ch: RangeChallenges, c: bigint): boolean {
  const gens = generators();
  const m = V.length;
  const nm = BITS * m;
  const { y, z, x, w, u } = ch;
  const s = foldingScalars(u);
  const yInvPow = powers(invMod(y), nm);
  const d = bitWeights(z, m);
  const { a, b } = proof;

  const points: Point[] = [proof.A, proof.S, proof.T1, proof.T2, ...proof.L, ...proof.R, gens.Btilde, gens.B];
  const scalars: bigint[] = [
    1n,
    x,
    mod(c * x),
    mod(c * x * x),
    ...u.map((uj) => mod(uj * uj)),
    ...u.map((uj) => mod(invMod(uj * uj))),
    mod(-proof.mu - c * proof.taux),
    mod(w * (proof.tx - a * b) + c * (delta(y, z, m) - proof.tx)),
  ];
  for (let i = 0; i < nm; i++) {
    points.push(gens.G[i]);
    scalars.push(mod(-z - a * s[i]));
  }
  for (let i = 0; i < nm; i++) {
    points.push(gens.H[i]);
    scalars.push(mod(z + yInvPow[i] * (d[i] - b * s[nm - 1 - i])));
  }
  let zj = (z * z) % N;
  for (const Vj of V) {
    points.push(Vj);
    scalars.push(mod(c * zj));
    zj = (zj * z) % N;
  }
  return msm(points, scalars).is0();
}
