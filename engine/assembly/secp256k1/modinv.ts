/**
 * Constant-time inversion modulo p or n (secp256k1's field prime and group order) by Bernstein and Yang's safegcd ("Fast
 * constant-time gcd computation and modular inversion", 2019), in the shape of 30-bit signed limbs
 * with batches of 30 divsteps: 20 batches (600 divsteps; 590 suffice for 256-bit inputs, the
 * paper's bound), each a 2x2 transition matrix built from the low bits alone and then applied to
 * (f, g) and to the Bezout coefficients (d, e). Every batch runs the same instructions whatever
 * the input: the divstep's choices are masks, not branches. About a tenth of Fermat's 255
 * squarings (fieldpow.ts feInv) on this engine.
 *
 * A number here is nine i32 limbs l[0..8], value = sum of l[i] 2^(30 i), each limb in (-2^30, 2^30)
 * except the top one, which carries the sign.
 */
import { FE_SIZE, feCopy, feNormalize } from './field';

/** p = 2^256 - 2^32 - 977 as signed limbs, and p^-1 mod 2^30. */
const P30: usize = memory.data<i32>([-0x3d1, -4, 0, 0, 0, 0, 0, 0, 65536]);
const P_INV30: i32 = 0x2ddacacf;
/** n, the group order, as 30-bit limbs, and n^-1 mod 2^30. */
const N30: usize = memory.data<i32>([0x10364141, 0x3f497a33, 0x348a03bb, 0x2bb739ab, 0x3ffffeba, 0x3fffffff, 0x3fffffff, 0x3fffffff, 0xffff]);
const N_INV30: i32 = 0x2a774ec1;

const M30: i32 = 0x3fffffff;
const D: usize = memory.data(36, 16);
const E: usize = memory.data(36, 16);
const F: usize = memory.data(36, 16);
const G: usize = memory.data(36, 16);
const FE: usize = memory.data(<i32>FE_SIZE, 16);

// The transition matrix of the last batch and the running zeta = -(delta + 1/2).
let tu: i32 = 0, tv: i32 = 0, tq: i32 = 0, tr: i32 = 0;

/**
 * 30 divsteps on the low bits f0 (odd) and g0 of f and g: the matrix [tu tv; tq tr] with
 * 2^30 (f', g') = (tu f + tv g, tq f + tr g), entries in [-2^30, 2^30]. Returns the new zeta.
 * Masks throughout: c1 = (zeta < 0), c2 = (g odd); where both, swap roles (f, g) -> (g, -f).
 */
function divsteps30(zeta: i32, f0: i32, g0: i32): i32 {
  let u: i32 = 1, v: i32 = 0, q: i32 = 0, r: i32 = 1;
  let f = f0, g = g0;
  for (let i = 0; i < 30; i++) {
    let mask1 = zeta >> 31;
    const mask2 = -(g & 1);
    const x = (f ^ mask1) - mask1;
    const y = (u ^ mask1) - mask1;
    const z = (v ^ mask1) - mask1;
    g += x & mask2;
    q += y & mask2;
    r += z & mask2;
    mask1 &= mask2;
    zeta = (zeta ^ mask1) - 1;
    f += g & mask1;
    u += q & mask1;
    v += r & mask1;
    g = <i32>(<u32>g >> 1);
    u <<= 1;
    v <<= 1;
  }
  tu = u; tv = v; tq = q; tr = r;
  return zeta;
}

// @ts-ignore: decorator
@inline function limb(a: usize, i: i32): i64 {
  return <i64>load<i32>(a + (<usize>i << 2));
}

/**
 * (d, e) = (T (d, e) + m (md, me)) / 2^30 mod m, where md and me are chosen (from the low limb)
 * so that the division is exact; keeps d and e in (-2m, m).
 */
function updateDe(m: usize, mInv: i32): void {
  const u = <i64>tu, v = <i64>tv, q = <i64>tq, r = <i64>tr;
  const sd = load<i32>(D, 32) >> 31, se = load<i32>(E, 32) >> 31;
  let md = (tu & sd) + (tv & se);
  let me = (tq & sd) + (tr & se);
  let cd = u * limb(D, 0) + v * limb(E, 0);
  let ce = q * limb(D, 0) + r * limb(E, 0);
  md -= (mInv * <i32>cd + md) & M30;
  me -= (mInv * <i32>ce + me) & M30;
  cd += limb(m, 0) * <i64>md;
  ce += limb(m, 0) * <i64>me;
  cd >>= 30;
  ce >>= 30;
  for (let i = 1; i < 9; i++) {
    const di = limb(D, i), ei = limb(E, i), mi = limb(m, i);
    cd += u * di + v * ei + mi * <i64>md;
    ce += q * di + r * ei + mi * <i64>me;
    store<i32>(D + (<usize>(i - 1) << 2), <i32>cd & M30);
    store<i32>(E + (<usize>(i - 1) << 2), <i32>ce & M30);
    cd >>= 30;
    ce >>= 30;
  }
  store<i32>(D, <i32>cd, 32);
  store<i32>(E, <i32>ce, 32);
}

/** (f, g) = T (f, g) / 2^30 (exact: the divsteps cleared the low 30 bits). */
function updateFg(): void {
  const u = <i64>tu, v = <i64>tv, q = <i64>tq, r = <i64>tr;
  let cf = (u * limb(F, 0) + v * limb(G, 0)) >> 30;
  let cg = (q * limb(F, 0) + r * limb(G, 0)) >> 30;
  for (let i = 1; i < 9; i++) {
    const fi = limb(F, i), gi = limb(G, i);
    cf += u * fi + v * gi;
    cg += q * fi + r * gi;
    store<i32>(F + (<usize>(i - 1) << 2), <i32>cf & M30);
    store<i32>(G + (<usize>(i - 1) << 2), <i32>cg & M30);
    cf >>= 30;
    cg >>= 30;
  }
  store<i32>(F, <i32>cf, 32);
  store<i32>(G, <i32>cg, 32);
}

/** D += m where mask is -1 (else unchanged), then carries limbs 0..7 into (-2^30, 2^30) form. */
function addMasked(m: usize, mask: i32): void {
  for (let i: usize = 0; i < 36; i += 4) store<i32>(D + i, load<i32>(D + i) + (load<i32>(m + i) & mask));
  for (let i: usize = 0; i < 32; i += 4) {
    const l = load<i32>(D + i);
    store<i32>(D + i + 4, load<i32>(D + i + 4) + (l >> 30));
    store<i32>(D + i, l & M30);
  }
}

/**
 * D = a^-1 mod m for the value in G (0 < a < m, m an odd prime with signed limbs at m and
 * m^-1 mod 2^30 = mInv); D ends in [0, m) with limbs 0..7 in [0, 2^30).
 */
function modinv(m: usize, mInv: i32): void {
  memory.fill(D, 0, 36);
  memory.fill(E, 0, 36);
  store<i32>(E, 1);
  memory.copy(F, m, 36);
  let zeta: i32 = -1;
  for (let i = 0; i < 20; i++) {
    zeta = divsteps30(zeta, load<i32>(F), load<i32>(G));
    updateDe(m, mInv);
    updateFg();
  }
  finish(m);
}

/**
 * With g = 0 and f = +-1 (the gcd), d = +-a^-1 in (-2m, m). Into [0, m): add m if negative,
 * negate if f = -1, carry, add m again if still negative, carry.
 */
function finish(m: usize): void {
  const neg = load<i32>(F, 32) >> 31;
  const below = load<i32>(D, 32) >> 31;
  for (let i: usize = 0; i < 36; i += 4) store<i32>(D + i, load<i32>(D + i) + (load<i32>(m + i) & below));
  for (let i: usize = 0; i < 36; i += 4) store<i32>(D + i, (load<i32>(D + i) ^ neg) - neg);
  addMasked(m, 0);
  addMasked(m, load<i32>(D, 32) >> 31);
}

/**
 * Variable-time 30 divsteps for public inputs (verification): the same transition as divsteps30
 * (2^30 (f', g') = T (f, g)) but skipping runs of zero bits of g at once and cancelling up to 8 low
 * bits of g per step with a multiple of f (w = -g / f mod 2^limit), so far fewer steps. eta is
 * -delta. Returns the new eta.
 */
function divsteps30Var(eta: i32, f0: i32, g0: i32): i32 {
  let u: u32 = 1, v: u32 = 0, q: u32 = 0, r: u32 = 1;
  let f = <u32>f0, g = <u32>g0;
  let i = 30;
  while (true) {
    const zeros = <i32>ctz<u32>(g | (<u32>0xffffffff << <u32>i));
    g >>= <u32>zeros;
    u <<= <u32>zeros;
    v <<= <u32>zeros;
    eta -= zeros;
    i -= zeros;
    if (i == 0) break;
    if (eta < 0) {
      eta = -eta;
      let t = f; f = g; g = 0 - t;
      t = u; u = q; q = 0 - t;
      t = v; v = r; r = 0 - t;
    }
    const limit = eta + 1 > i ? i : eta + 1;
    const mask = (<u32>0xffffffff >> <u32>(32 - limit)) & 255;
    // f^-1 mod 2^12 by Newton's iteration from f itself (right to 3 bits for odd f).
    let x = f;
    x *= 2 - f * x;
    x *= 2 - f * x;
    const w = (0 - g * x) & mask;
    g += f * w;
    q += u * w;
    r += v * w;
  }
  tu = <i32>u; tv = <i32>v; tq = <i32>q; tr = <i32>r;
  return eta;
}

/** Whether G is zero (all limbs). */
function gIsZeroVar(): bool {
  let z: i32 = 0;
  for (let i: usize = 0; i < 36; i += 4) z |= load<i32>(G + i);
  return z == 0;
}

/** D = a^-1 mod m like modinv, in variable time: stops once g is 0. */
function modinvVar(m: usize, mInv: i32): void {
  memory.fill(D, 0, 36);
  memory.fill(E, 0, 36);
  store<i32>(E, 1);
  memory.copy(F, m, 36);
  let eta: i32 = -1;
  // These (original, not half-delta) divsteps reach g = 0 within 724 steps for 256-bit inputs
  // (Bernstein and Yang), so within 25 batches.
  for (let i = 0; i < 25 && !gIsZeroVar(); i++) {
    eta = divsteps30Var(eta, load<i32>(F), load<i32>(G));
    updateDe(m, mInv);
    updateFg();
  }
  finish(m);
}

/**
 * Re-cuts the number in the srcCount limbs of srcBits bits at src into dstCount limbs of dstBits
 * bits at dst, the top one taking what is left. Pre: limbs canonical (below 2^srcBits, the top one
 * any width), the value below 2^256, srcBits * srcCount >= dstBits * (dstCount - 1).
 */
function repack(dst: usize, dstBits: i32, dstCount: i32, src: usize, srcBits: i32, srcCount: i32): void {
  const mask = (<u64>1 << <u64>dstBits) - 1;
  let acc: u64 = 0, bits = 0, out = 0;
  for (let i = 0; i < srcCount; i++) {
    acc |= <u64>load<u32>(src + (<usize>i << 2)) << <u64>bits;
    bits += srcBits;
    while (bits >= dstBits && out < dstCount - 1) {
      store<u32>(dst + (<usize>out << 2), <u32>(acc & mask));
      acc >>= <u64>dstBits;
      bits -= dstBits;
      out++;
    }
  }
  store<u32>(dst + (<usize>out << 2), <u32>acc);
}

function wipe(): void {
  memory.fill(D, 0, 36);
  memory.fill(E, 0, 36);
  memory.fill(F, 0, 36);
  memory.fill(G, 0, 36);
}

/**
 * r = a^-1 mod p (0 for a = 0), normalized, in constant time.
 * Pre: a of magnitude <= 31 (field.ts); r may be a.
 */
export function feInvDivsteps(r: usize, a: usize): void {
  feCopy(FE, a);
  feNormalize(FE);
  repack(G, 30, 9, FE, 26, 10);
  modinv(P30, P_INV30);
  repack(r, 26, 10, D, 30, 9);
  wipe();
  memory.fill(FE, 0, FE_SIZE);
}

/**
 * r = a^-1 mod n (0 for a = 0), in constant time: the nonce inverse of ECDSA signing.
 * Pre: a a scalar (scalar.ts: nine 29-bit limbs, below n); r may be a.
 */
export function scInvDivsteps(r: usize, a: usize): void {
  repack(G, 30, 9, a, 29, 9);
  modinv(N30, N_INV30);
  repack(r, 29, 9, D, 30, 9);
  wipe();
}

/** feInvDivsteps in variable time, for public values (verification). */
export function feInvVar(r: usize, a: usize): void {
  feCopy(FE, a);
  feNormalize(FE);
  repack(G, 30, 9, FE, 26, 10);
  modinvVar(P30, P_INV30);
  repack(r, 26, 10, D, 30, 9);
}

/** scInvDivsteps in variable time, for public values (ECDSA verification's 1/s). */
export function scInvVar(r: usize, a: usize): void {
  repack(G, 30, 9, a, 29, 9);
  modinvVar(N30, N_INV30);
  repack(r, 29, 9, D, 30, 9);
}
