/**
 * SamplePolyCBD of FIPS 203 (Algorithm 8) for eta = 2 and 3, from the PRF bytes that sample.ts
 * squeezes. The bytes are secret: nothing branches on them or indexes by them.
 */

/**
 * SamplePolyCBD with eta = 2: 128 bytes -> 256 coefficients in [-2, 2], standard order. Byte k
 * holds coefficients 2k (low half-byte) and 2k + 1 (high): per byte, the bit pairs are summed with
 * masks and shifts, the two differences formed in i8 lanes, interleaved and widened to i16,
 * sixteen bytes at a time. No branch and no table index: the bytes are secret.
 */
export function cbd2(a: usize, buf: usize): void {
  const m55 = i8x16.splat(0x55);
  const m03 = i8x16.splat(0x03);
  for (let g: usize = 0; g < 8; g++) {
    const x = v128.load(buf + (g << 4));
    const d = i8x16.add(v128.and(x, m55), v128.and(i16x8.shr_u(x, 1), m55));
    const lo = i8x16.sub(v128.and(d, m03), v128.and(i16x8.shr_u(d, 2), m03));
    const hi = i8x16.sub(v128.and(i16x8.shr_u(d, 4), m03), v128.and(i16x8.shr_u(d, 6), m03));
    const e0 = i8x16.shuffle(lo, hi, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    const e1 = i8x16.shuffle(lo, hi, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    const p = a + (g << 6);
    v128.store(p, i16x8.extend_low_i8x16_s(e0));
    v128.store(p, i16x8.extend_high_i8x16_s(e0), 16);
    v128.store(p, i16x8.extend_low_i8x16_s(e1), 32);
    v128.store(p, i16x8.extend_high_i8x16_s(e1), 48);
  }
}

/** SamplePolyCBD with eta = 3: 192 bytes -> 256 coefficients in [-3, 3], standard order. */
export function cbd3(a: usize, buf: usize): void {
  for (let g: usize = 0; g < 64; g++) {
    const p = buf + g * 3;
    const x = <u32>load<u8>(p) | (<u32>load<u8>(p + 1) << 8) | (<u32>load<u8>(p + 2) << 16);
    const d = (x & 0x249249) + ((x >> 1) & 0x249249) + ((x >> 2) & 0x249249);
    for (let c: u32 = 0; c < 4; c++) {
      const f = <i32>((d >> (6 * c)) & 7) - <i32>((d >> (6 * c + 3)) & 7);
      store<i16>(a + (g << 3) + (<usize>c << 1), <i16>f);
    }
  }
}
