/**
 * Prover of the aggregated Bulletproofs range proof: m values, each claimed to be below 2^64, each
 * committed as V_j = v_j·B + γ_j·B̃. Variable-time throughout; this is a test oracle and never sees
 * real secrets.
 */
import { ZkRefError } from './errors.ts';
import { generators } from './generators.ts';
import { msm, mul, Point } from './points.ts';
import { nonceStream } from './randomness.ts';
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
import { inner, invMod, mod, N, powers, u64be } from './scalar.ts';
import type { Transcript } from './transcript.ts';

export interface RangeProverOutput {
  proof: RangeProof;
  V: Point[];
  challenges: RangeChallenges;
  /** 32 bytes from the nonce stream after τ2, for a BIP-340 signature that follows the proof. */
  aux: Uint8Array;
}

function nonZero(t: Transcript, label: string): bigint {
  const c = t.challenge(label);
  if (c === 0n) throw new ZkRefError('retry_randomness', `zero challenge ${label}`);
  return c;
}

/**
 * Proves that every values[j] < 2^64. Values are NOT checked: only the low 64 bits become the bit
 * vector, so a larger value yields a proof that fails verification (which the tests rely on).
 */
export function proveRange(t: Transcript, values: bigint[], gammas: bigint[], rng: Uint8Array): RangeProverOutput {
  const gens = generators();
  const m = values.length;
  const nm = BITS * m;
  const k = roundsFor(m);
  const G = gens.G.slice(0, nm);
  const H = gens.H.slice(0, nm);

  const V = values.map((v, j) => mul(gens.B, v).add(mul(gens.Btilde, gammas[j])));
  appendRangeStatement(t, V);

  const nonces = nonceStream(t, rng, values, gammas);
  const alpha = nonces.scalar();
  const rho = nonces.scalar();
  const sL = nonces.scalars(nm);
  const sR = nonces.scalars(nm);
  const tau1 = nonces.scalar();
  const tau2 = nonces.scalar();
  const aux = nonces.bytes(32);

  // a_L: the bits of each value, least significant first; a_R = a_L - 1.
  const aL: bigint[] = [];
  for (const v of values) for (let i = 0; i < BITS; i++) aL.push((v >> BigInt(i)) & 1n);
  const aR = aL.map((bit) => bit - 1n);

  let A = mul(gens.Btilde, alpha);
  for (let i = 0; i < nm; i++) A = aL[i] === 1n ? A.add(G[i]) : A.subtract(H[i]);
  const S = mul(gens.Btilde, rho).add(msm(G, sL)).add(msm(H, sR));
  appendPoint(t, 'A', A);
  appendPoint(t, 'S', S);
  const y = nonZero(t, 'y');
  const z = nonZero(t, 'z');

  const yPow = powers(y, nm);
  const d = bitWeights(z, m);
  const l0 = aL.map((bit) => mod(bit - z));
  const l1 = sL;
  const r0 = aR.map((bit, i) => mod(yPow[i] * (bit + z) + d[i]));
  const r1 = sR.map((s, i) => mod(yPow[i] * s));
  const t1 = mod(inner(l0, r1) + inner(l1, r0));
  const t2 = inner(l1, r1);
  const T1 = mul(gens.B, t1).add(mul(gens.Btilde, tau1));
  const T2 = mul(gens.B, t2).add(mul(gens.Btilde, tau2));
  appendPoint(t, 'T1', T1);
  appendPoint(t, 'T2', T2);
  const x = nonZero(t, 'x');

  const l = l0.map((v, i) => mod(v + x * l1[i]));
  const r = r0.map((v, i) => mod(v + x * r1[i]));
  const tx = inner(l, r);
  let taux = mod(tau2 * x * x + tau1 * x);
  let zj = (z * z) % N;
  for (const gamma of gammas) {
    taux = mod(taux + zj * gamma);
    zj = (zj * z) % N;
  }
  const mu = mod(alpha + rho * x);
  appendScalar(t, 't_x', tx);
  appendScalar(t, 't_x_blinding', taux);
  appendScalar(t, 'e_blinding', mu);
  const w = nonZero(t, 'w');
  const Q = mul(gens.B, w);

  // Inner-product argument on G' = G, H' = y^(-i)·H_i, halving a, b, G', H' each round.
  t.append('ipp-n', u64be(BigInt(nm)));
  const yInvPow = powers(invMod(y), nm);
  let Gp = G;
  let Hp = H.map((h, i) => mul(h, yInvPow[i]));
  let a = l;
  let b = r;
  const L: Point[] = [];
  const R: Point[] = [];
  const u: bigint[] = [];
  for (let round = 0; round < k; round++) {
    const h = a.length / 2;
    const [aLo, aHi, bLo, bHi] = [a.slice(0, h), a.slice(h), b.slice(0, h), b.slice(h)];
    const [gLo, gHi, hLo, hHi] = [Gp.slice(0, h), Gp.slice(h), Hp.slice(0, h), Hp.slice(h)];
    const cL = inner(aLo, bHi);
    const cR = inner(aHi, bLo);
    const Lj = msm(gHi, aLo).add(msm(hLo, bHi)).add(mul(Q, cL));
    const Rj = msm(gLo, aHi).add(msm(hHi, bLo)).add(mul(Q, cR));
    appendPoint(t, 'L', Lj);
    appendPoint(t, 'R', Rj);
    const uj = nonZero(t, 'u');
    const ujInv = invMod(uj);
    L.push(Lj);
    R.push(Rj);
    u.push(uj);
    a = aLo.map((v, i) => mod(uj * v + ujInv * aHi[i]));
    b = bLo.map((v, i) => mod(ujInv * v + uj * bHi[i]));
    Gp = gLo.map((p, i) => mul(p, ujInv).add(mul(gHi[i], uj)));
    Hp = hLo.map((p, i) => mul(p, uj).add(mul(hHi[i], ujInv)));
  }

  return {
    proof: { A, S, T1, T2, tx, taux, mu, L, R, a: a[0], b: b[0] },
    V,
    challenges: { y, z, x, w, u },
    aux,
  };
}
