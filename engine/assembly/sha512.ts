/**
 * SHA-384, SHA-512, SHA-512/224 and SHA-512/256 (FIPS 180-4, sections 5 and 6.4-6.7): one
 * compression function, four initial hash values; callers truncate the 64-byte output.
 *
 * A state lives in linear memory at a caller-chosen address (see sha256.ts).
 *
 * Layout: 8 u64 hash words (native order) | 128-byte block buffer | buffered u32 | pad u32 |
 * total length in bytes u64
 */

/** Bytes one SHA-512 state occupies in memory. */
export const SHA512_STATE_SIZE: i32 = 208;
/** SHA-512 block size in bytes (HMAC pads keys to this). */
export const SHA512_BLOCK: usize = 128;
/** Bytes sha512Final writes. */
export const SHA512_DIGEST: usize = 64;

// `variant` values for sha512Init, in the order of the IV table below.
/** sha512Init variant: SHA-512. */
export const SHA512: u32 = 0;
/** sha512Init variant: SHA-384 (keep 48 bytes). */
export const SHA384: u32 = 1;
/** sha512Init variant: SHA-512/224 (keep 28 bytes). */
export const SHA512_224: u32 = 2;
/** sha512Init variant: SHA-512/256 (keep 32 bytes). */
export const SHA512_256: u32 = 3;

const BUF_OFF: usize = 64;
const POS_OFF: usize = 192;
const TOTAL_OFF: usize = 200;

// FIPS 180-4 4.2.3: first 64 bits of the fractional parts of the cube roots of the first 80 primes.
const K: usize = memory.data<u64>([
  0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
  0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
  0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
  0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
  0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
  0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
  0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
  0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
  0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
  0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
  0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
  0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
  0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
  0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
  0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
  0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
  0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
  0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
  0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
  0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
]);

// Initial hash values: FIPS 180-4 5.3.5 (SHA-512), 5.3.4 (SHA-384), 5.3.6.1 and 5.3.6.2.
const IV: usize = memory.data<u64>([
  0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
  0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
  0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
  0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4,
  0x8c3d37c819544da2, 0x73e1996689dcd4d6, 0x1dfab7ae32ff9c82, 0x679dd514582f9fcf,
  0x0f6d2b697bd44da8, 0x77e36f7304c48942, 0x3f9d85a86a1d36c8, 0x1112e6ad91d692a1,
  0x22312194fc2bf72c, 0x9f555fa3c84c64c2, 0x2393b86b6f53b151, 0x963877195940eabd,
  0x96283ee2a88effe3, 0xbe5e1e2553863992, 0x2b0199fc2c85b8aa, 0x0eb72ddc81c52ca2,
]);

// Message schedule W[0..80): one static buffer, since the engine runs one compression at a time.
const W: usize = memory.data(640, 16);

@inline function bigSigma0(x: u64): u64 {
  return rotr<u64>(x, 28) ^ rotr<u64>(x, 34) ^ rotr<u64>(x, 39);
}
@inline function bigSigma1(x: u64): u64 {
  return rotr<u64>(x, 14) ^ rotr<u64>(x, 18) ^ rotr<u64>(x, 41);
}
@inline function smallSigma0(x: u64): u64 {
  return rotr<u64>(x, 1) ^ rotr<u64>(x, 8) ^ (x >>> 7);
}
@inline function smallSigma1(x: u64): u64 {
  return rotr<u64>(x, 19) ^ rotr<u64>(x, 61) ^ (x >>> 6);
}

/** Runs the compression function over `blocks` consecutive 128-byte blocks at `src`. */
function compress(s: usize, src: usize, blocks: usize): void {
  let h0 = load<u64>(s, 0);
  let h1 = load<u64>(s, 8);
  let h2 = load<u64>(s, 16);
  let h3 = load<u64>(s, 24);
  let h4 = load<u64>(s, 32);
  let h5 = load<u64>(s, 40);
  let h6 = load<u64>(s, 48);
  let h7 = load<u64>(s, 56);
  for (let blk: usize = 0; blk < blocks; blk++, src += 128) {
    // The message is big-endian; wasm loads are little-endian.
    for (let t: usize = 0; t < 128; t += 8) store<u64>(W + t, bswap<u64>(load<u64>(src + t)));
    for (let t: usize = 128; t < 640; t += 8) {
      const w = smallSigma1(load<u64>(W + t - 16)) + load<u64>(W + t - 56) +
        smallSigma0(load<u64>(W + t - 120)) + load<u64>(W + t - 128);
      store<u64>(W + t, w);
    }
    let a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7;
    let t1: u64;
    // Eight rounds per iteration, renaming the working variables instead of shifting them;
    // Ch and Maj in their two-operation forms (equivalent to FIPS 180-4 4.1).
    for (let t: usize = 0; t < 640; t += 64) {
      t1 = h + bigSigma1(e) + (g ^ (e & (f ^ g))) + load<u64>(K + t, 0) + load<u64>(W + t, 0);
      d += t1;
      h = t1 + bigSigma0(a) + ((a & b) | (c & (a | b)));
      t1 = g + bigSigma1(d) + (f ^ (d & (e ^ f))) + load<u64>(K + t, 8) + load<u64>(W + t, 8);
      c += t1;
      g = t1 + bigSigma0(h) + ((h & a) | (b & (h | a)));
      t1 = f + bigSigma1(c) + (e ^ (c & (d ^ e))) + load<u64>(K + t, 16) + load<u64>(W + t, 16);
      b += t1;
      f = t1 + bigSigma0(g) + ((g & h) | (a & (g | h)));
      t1 = e + bigSigma1(b) + (d ^ (b & (c ^ d))) + load<u64>(K + t, 24) + load<u64>(W + t, 24);
      a += t1;
      e = t1 + bigSigma0(f) + ((f & g) | (h & (f | g)));
      t1 = d + bigSigma1(a) + (c ^ (a & (b ^ c))) + load<u64>(K + t, 32) + load<u64>(W + t, 32);
      h += t1;
      d = t1 + bigSigma0(e) + ((e & f) | (g & (e | f)));
      t1 = c + bigSigma1(h) + (b ^ (h & (a ^ b))) + load<u64>(K + t, 40) + load<u64>(W + t, 40);
      g += t1;
      c = t1 + bigSigma0(d) + ((d & e) | (f & (d | e)));
      t1 = b + bigSigma1(g) + (a ^ (g & (h ^ a))) + load<u64>(K + t, 48) + load<u64>(W + t, 48);
      f += t1;
      b = t1 + bigSigma0(c) + ((c & d) | (e & (c | d)));
      t1 = a + bigSigma1(f) + (h ^ (f & (g ^ h))) + load<u64>(K + t, 56) + load<u64>(W + t, 56);
      e += t1;
      a = t1 + bigSigma0(b) + ((b & c) | (d & (b | c)));
    }
    h0 += a;
    h1 += b;
    h2 += c;
    h3 += d;
    h4 += e;
    h5 += f;
    h6 += g;
    h7 += h;
  }
  store<u64>(s, h0, 0);
  store<u64>(s, h1, 8);
  store<u64>(s, h2, 16);
  store<u64>(s, h3, 24);
  store<u64>(s, h4, 32);
  store<u64>(s, h5, 40);
  store<u64>(s, h6, 48);
  store<u64>(s, h7, 56);
}

/** Starts an empty state at `s`; `variant` is SHA512, SHA384, SHA512_224 or SHA512_256. */
export function sha512Init(s: usize, variant: u32): void {
  memory.copy(s, IV + (<usize>(variant & 3) << 6), 64);
  store<u32>(s, 0, POS_OFF);
  store<u64>(s, 0, TOTAL_OFF);
}

/** Absorbs `len` bytes from `src`. */
export function sha512Update(s: usize, src: usize, len: usize): void {
  store<u64>(s, load<u64>(s, TOTAL_OFF) + <u64>len, TOTAL_OFF);
  let pos = <usize>load<u32>(s, POS_OFF);
  let i: usize = 0;
  if (pos != 0) {
    i = SHA512_BLOCK - pos;
    if (i > len) i = len;
    memory.copy(s + BUF_OFF + pos, src, i);
    pos += i;
    if (pos < SHA512_BLOCK) {
      store<u32>(s, <u32>pos, POS_OFF);
      return;
    }
    compress(s, s + BUF_OFF, 1);
    pos = 0;
  }
  // Whole blocks straight from the input, without copying them into the buffer.
  const blocks = (len - i) >> 7;
  if (blocks != 0) {
    compress(s, src + i, blocks);
    i += blocks << 7;
  }
  if (i < len) {
    pos = len - i;
    memory.copy(s + BUF_OFF, src + i, pos);
  }
  store<u32>(s, <u32>pos, POS_OFF);
}

/** Pads, finishes and writes the 64-byte big-endian output to `dst`. */
export function sha512Final(s: usize, dst: usize): void {
  const buf = s + BUF_OFF;
  let pos = <usize>load<u32>(s, POS_OFF);
  store<u8>(buf + pos, 0x80);
  pos++;
  // The 128-bit length must fit after the 0x80 byte; otherwise it goes in one more block.
  if (pos > SHA512_BLOCK - 16) {
    memory.fill(buf + pos, 0, SHA512_BLOCK - pos);
    compress(s, buf, 1);
    pos = 0;
  }
  memory.fill(buf + pos, 0, SHA512_BLOCK - 16 - pos);
  const total = load<u64>(s, TOTAL_OFF);
  // Length in bits as a 128-bit big-endian number: the byte count shifted left by 3.
  store<u64>(buf, bswap<u64>(total >>> 61), SHA512_BLOCK - 16);
  store<u64>(buf, bswap<u64>(total << 3), SHA512_BLOCK - 8);
  compress(s, buf, 1);
  for (let i: usize = 0; i < 64; i += 8) store<u64>(dst + i, bswap<u64>(load<u64>(s + i)));
}
