/**
 * Two Keccak-f[1600] permutations at once in WebAssembly SIMD: lane i of both states sits in one
 * v128 (state 0 in the low half, state 1 in the high half). Used where an algorithm needs many
 * independent sponges, such as ML-DSA's ExpandA.
 *
 * Layout: 25 v128 lanes, 400 bytes.
 */
import { RC } from './keccak';

/** Bytes two interleaved states occupy. */
export const X2_STATE_SIZE: i32 = 400;

/** Keccak-f[1600] on both interleaved states at `state`. */
export function keccakF1600x2(state: usize): void {
  let a0 = v128.load(state, 0);
  let a1 = v128.load(state, 16);
  let a2 = v128.load(state, 32);
  let a3 = v128.load(state, 48);
  let a4 = v128.load(state, 64);
  let a5 = v128.load(state, 80);
  let a6 = v128.load(state, 96);
  let a7 = v128.load(state, 112);
  let a8 = v128.load(state, 128);
  let a9 = v128.load(state, 144);
  let a10 = v128.load(state, 160);
  let a11 = v128.load(state, 176);
  let a12 = v128.load(state, 192);
  let a13 = v128.load(state, 208);
  let a14 = v128.load(state, 224);
  let a15 = v128.load(state, 240);
  let a16 = v128.load(state, 256);
  let a17 = v128.load(state, 272);
  let a18 = v128.load(state, 288);
  let a19 = v128.load(state, 304);
  let a20 = v128.load(state, 320);
  let a21 = v128.load(state, 336);
  let a22 = v128.load(state, 352);
  let a23 = v128.load(state, 368);
  let a24 = v128.load(state, 384);

  for (let round = 0; round < 24; round++) {
    const c0 = v128.xor(v128.xor(v128.xor(a0, a5), v128.xor(a10, a15)), a20);
    const c1 = v128.xor(v128.xor(v128.xor(a1, a6), v128.xor(a11, a16)), a21);
    const c2 = v128.xor(v128.xor(v128.xor(a2, a7), v128.xor(a12, a17)), a22);
    const c3 = v128.xor(v128.xor(v128.xor(a3, a8), v128.xor(a13, a18)), a23);
    const c4 = v128.xor(v128.xor(v128.xor(a4, a9), v128.xor(a14, a19)), a24);
    const d0 = v128.xor(c4, v128.or(i64x2.shl(c1, 1), i64x2.shr_u(c1, 63)));
    const d1 = v128.xor(c0, v128.or(i64x2.shl(c2, 1), i64x2.shr_u(c2, 63)));
    const d2 = v128.xor(c1, v128.or(i64x2.shl(c3, 1), i64x2.shr_u(c3, 63)));
    const d3 = v128.xor(c2, v128.or(i64x2.shl(c4, 1), i64x2.shr_u(c4, 63)));
    const d4 = v128.xor(c3, v128.or(i64x2.shl(c0, 1), i64x2.shr_u(c0, 63)));
    const b0 = v128.xor(a0, d0);
    const t1 = v128.xor(a1, d1);
    const b10 = v128.or(i64x2.shl(t1, 1), i64x2.shr_u(t1, 63));
    const t2 = v128.xor(a2, d2);
    const b20 = v128.or(i64x2.shl(t2, 62), i64x2.shr_u(t2, 2));
    const t3 = v128.xor(a3, d3);
    const b5 = v128.or(i64x2.shl(t3, 28), i64x2.shr_u(t3, 36));
    const t4 = v128.xor(a4, d4);
    const b15 = v128.or(i64x2.shl(t4, 27), i64x2.shr_u(t4, 37));
    const t5 = v128.xor(a5, d0);
    const b16 = v128.or(i64x2.shl(t5, 36), i64x2.shr_u(t5, 28));
    const t6 = v128.xor(a6, d1);
    const b1 = v128.or(i64x2.shl(t6, 44), i64x2.shr_u(t6, 20));
    const t7 = v128.xor(a7, d2);
    const b11 = v128.or(i64x2.shl(t7, 6), i64x2.shr_u(t7, 58));
    const t8 = v128.xor(a8, d3);
    const b21 = v128.or(i64x2.shl(t8, 55), i64x2.shr_u(t8, 9));
    const t9 = v128.xor(a9, d4);
    const b6 = v128.or(i64x2.shl(t9, 20), i64x2.shr_u(t9, 44));
    const t10 = v128.xor(a10, d0);
    const b7 = v128.or(i64x2.shl(t10, 3), i64x2.shr_u(t10, 61));
    const t11 = v128.xor(a11, d1);
    const b17 = v128.or(i64x2.shl(t11, 10), i64x2.shr_u(t11, 54));
    const t12 = v128.xor(a12, d2);
    const b2 = v128.or(i64x2.shl(t12, 43), i64x2.shr_u(t12, 21));
    const t13 = v128.xor(a13, d3);
    const b12 = v128.or(i64x2.shl(t13, 25), i64x2.shr_u(t13, 39));
    const t14 = v128.xor(a14, d4);
    const b22 = v128.or(i64x2.shl(t14, 39), i64x2.shr_u(t14, 25));
    const t15 = v128.xor(a15, d0);
    const b23 = v128.or(i64x2.shl(t15, 41), i64x2.shr_u(t15, 23));
    const t16 = v128.xor(a16, d1);
    const b8 = v128.or(i64x2.shl(t16, 45), i64x2.shr_u(t16, 19));
    const t17 = v128.xor(a17, d2);
    const b18 = v128.or(i64x2.shl(t17, 15), i64x2.shr_u(t17, 49));
    const t18 = v128.xor(a18, d3);
    const b3 = v128.or(i64x2.shl(t18, 21), i64x2.shr_u(t18, 43));
    const t19 = v128.xor(a19, d4);
    const b13 = v128.or(i64x2.shl(t19, 8), i64x2.shr_u(t19, 56));
    const t20 = v128.xor(a20, d0);
    const b14 = v128.or(i64x2.shl(t20, 18), i64x2.shr_u(t20, 46));
    const t21 = v128.xor(a21, d1);
    const b24 = v128.or(i64x2.shl(t21, 2), i64x2.shr_u(t21, 62));
    const t22 = v128.xor(a22, d2);
    const b9 = v128.or(i64x2.shl(t22, 61), i64x2.shr_u(t22, 3));
    const t23 = v128.xor(a23, d3);
    const b19 = v128.or(i64x2.shl(t23, 56), i64x2.shr_u(t23, 8));
    const t24 = v128.xor(a24, d4);
    const b4 = v128.or(i64x2.shl(t24, 14), i64x2.shr_u(t24, 50));
    a0 = v128.xor(b0, v128.andnot(b2, b1));
    a1 = v128.xor(b1, v128.andnot(b3, b2));
    a2 = v128.xor(b2, v128.andnot(b4, b3));
    a3 = v128.xor(b3, v128.andnot(b0, b4));
    a4 = v128.xor(b4, v128.andnot(b1, b0));
    a5 = v128.xor(b5, v128.andnot(b7, b6));
    a6 = v128.xor(b6, v128.andnot(b8, b7));
    a7 = v128.xor(b7, v128.andnot(b9, b8));
    a8 = v128.xor(b8, v128.andnot(b5, b9));
    a9 = v128.xor(b9, v128.andnot(b6, b5));
    a10 = v128.xor(b10, v128.andnot(b12, b11));
    a11 = v128.xor(b11, v128.andnot(b13, b12));
    a12 = v128.xor(b12, v128.andnot(b14, b13));
    a13 = v128.xor(b13, v128.andnot(b10, b14));
    a14 = v128.xor(b14, v128.andnot(b11, b10));
    a15 = v128.xor(b15, v128.andnot(b17, b16));
    a16 = v128.xor(b16, v128.andnot(b18, b17));
    a17 = v128.xor(b17, v128.andnot(b19, b18));
    a18 = v128.xor(b18, v128.andnot(b15, b19));
    a19 = v128.xor(b19, v128.andnot(b16, b15));
    a20 = v128.xor(b20, v128.andnot(b22, b21));
    a21 = v128.xor(b21, v128.andnot(b23, b22));
    a22 = v128.xor(b22, v128.andnot(b24, b23));
    a23 = v128.xor(b23, v128.andnot(b20, b24));
    a24 = v128.xor(b24, v128.andnot(b21, b20));
    a0 = v128.xor(a0, i64x2.splat(load<u64>(RC + (<usize>round << 3))));

  }
  v128.store(state, a0, 0);
  v128.store(state, a1, 16);
  v128.store(state, a2, 32);
  v128.store(state, a3, 48);
  v128.store(state, a4, 64);
  v128.store(state, a5, 80);
  v128.store(state, a6, 96);
  v128.store(state, a7, 112);
  v128.store(state, a8, 128);
  v128.store(state, a9, 144);
  v128.store(state, a10, 160);
  v128.store(state, a11, 176);
  v128.store(state, a12, 192);
  v128.store(state, a13, 208);
  v128.store(state, a14, 224);
  v128.store(state, a15, 240);
  v128.store(state, a16, 256);
  v128.store(state, a17, 272);
  v128.store(state, a18, 288);
  v128.store(state, a19, 304);
  v128.store(state, a20, 320);
  v128.store(state, a21, 336);
  v128.store(state, a22, 352);
  v128.store(state, a23, 368);
  v128.store(state, a24, 384);

}

/**
 * Permutes the two interleaved states at `state`, then writes one `rate`-byte block of each
 * stream, state 0's to out0 and state 1's to out1: the squeeze step of two sponges run together.
 */
export function squeezeBlocksX2(state: usize, rate: i32, out0: usize, out1: usize): void {
  keccakF1600x2(state);
  for (let i: usize = 0; i < <usize>(rate >> 3); i++) {
    store<u64>(out0 + (i << 3), load<u64>(state + (i << 4)));
    store<u64>(out1 + (i << 3), load<u64>(state + (i << 4) + 8));
  }
}
