/** HintBitPack and HintBitUnpack (FIPS 204 Algorithms 20 and 21). */
import { K, N, OMEGA } from './params';

/**
 * Packs the 0/1 hint polynomials at `h` (k of them) into omega + k bytes. The hints belong to the
 * signature being output (public), so the loop may follow their positions: sixteen coefficients
 * become one bitmask (v128 narrowing), and only the set bits are visited. The caller has checked
 * that there are at most omega of them.
 */
export function encodeHints(dst: usize, h: usize): void {
  memory.fill(dst, 0, <usize>(OMEGA + K));
  let index = 0;
  for (let i = 0; i < K; i++) {
    const p = h + <usize>(i * N * 4);
    for (let j = 0; j < N; j += 16) {
      const q = p + (<usize>j << 2);
      const lo = i16x8.narrow_i32x4_s(v128.load(q), v128.load(q + 16));
      const hi = i16x8.narrow_i32x4_s(v128.load(q + 32), v128.load(q + 48));
      let bits = i8x16.bitmask(i8x16.neg(i8x16.narrow_i16x8_s(lo, hi)));
      while (bits != 0) {
        store<u8>(dst + <usize>index, <u8>(j + ctz(bits)));
        index++;
        bits &= bits - 1;
      }
    }
    store<u8>(dst + <usize>(OMEGA + i), <u8>index);
  }
}

/** Unpacks hints into 0/1 polynomials; false for any malformed encoding (FIPS 204's bottom). */
export function decodeHints(h: usize, src: usize): bool {
  memory.fill(h, 0, <usize>(K * N * 4));
  let index = 0;
  for (let i = 0; i < K; i++) {
    const end = <i32>load<u8>(src + <usize>(OMEGA + i));
    if (end < index || end > OMEGA) return false;
    const first = index;
    const p = h + <usize>(i * N * 4);
    while (index < end) {
      const pos = <i32>load<u8>(src + <usize>index);
      if (index > first && <i32>load<u8>(src + <usize>(index - 1)) >= pos) return false;
      store<i32>(p + (<usize>pos << 2), 1);
      index++;
    }
  }
  for (let i = index; i < OMEGA; i++) if (load<u8>(src + <usize>i) != 0) return false;
  return true;
}
