/**
 * The number-theoretic transform of FIPS 204 (Algorithms 41 and 42) over Z_q[X]/(X^256 + 1), with
 * Montgomery multiplication. NTT takes coefficients of magnitude below about q and returns values
 * below 9q; invNttToMont takes values below q and returns them below q, multiplied by 2^32, which
 * cancels the 2^-32 left by a Montgomery pointwise product.
 */
import { montgomeryReduce } from './reduce';
import { N, Q } from './params';

/** zetas[m] = 1753^BitRev8(m) * 2^32 mod q, centred. */
const ZETAS: usize = memory.data(N * 4, 16);
/** 2^64 / 256 mod q: undoes the 256 of the inverse transform and converts back to normal form. */
const INV_F: i64 = 41978;

function powmod(base: i64, exp: i32): i64 {
  let result: i64 = 1;
  let b = base % Q;
  for (let e = exp; e > 0; e >>= 1) {
    if (e & 1) result = (result * b) % Q;
    b = (b * b) % Q;
  }
  return result;
}

function bitrev8(x: i32): i32 {
  let r = 0;
  for (let i = 0; i < 8; i++) r |= ((x >> i) & 1) << (7 - i);
  return r;
}

function initZetas(): void {
  const mont: i64 = (<i64>1 << 32) % Q;
  for (let m = 0; m < N; m++) {
    let z = <i32>((powmod(1753, bitrev8(m)) * mont) % Q);
    if (z > (Q >> 1)) z -= Q;
    store<i32>(ZETAS + (<usize>m << 2), z);
  }
}
initZetas();

/** Forward NTT in place. */
export function ntt(a: usize): void {
  let k = 0;
  for (let len = 128; len > 0; len >>= 1) {
    for (let start = 0; start < N; start += len << 1) {
      k++;
      const zeta = <i64>load<i32>(ZETAS + (<usize>k << 2));
      const end = a + (<usize>(start + len) << 2);
      const off = <usize>len << 2;
      for (let p = a + (<usize>start << 2); p < end; p += 4) {
        const t = montgomeryReduce(zeta * <i64>load<i32>(p + off));
        const x = load<i32>(p);
        store<i32>(p + off, x - t);
        store<i32>(p, x + t);
      }
    }
  }
}

/** Inverse NTT in place, output multiplied by the Montgomery factor 2^32. */
export function invNttToMont(a: usize): void {
  let k = N;
  for (let len = 1; len < N; len <<= 1) {
    for (let start = 0; start < N; start += len << 1) {
      k--;
      const zeta = -<i64>load<i32>(ZETAS + (<usize>k << 2));
      const end = a + (<usize>(start + len) << 2);
      const off = <usize>len << 2;
      for (let p = a + (<usize>start << 2); p < end; p += 4) {
        const x = load<i32>(p);
        const y = load<i32>(p + off);
        store<i32>(p, x + y);
        store<i32>(p + off, montgomeryReduce(zeta * <i64>(x - y)));
      }
    }
  }
  for (let p = a; p < a + (<usize>N << 2); p += 4) {
    store<i32>(p, montgomeryReduce(INV_F * <i64>load<i32>(p)));
  }
}
