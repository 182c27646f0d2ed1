/**
 * SHA-224 and SHA-256 (FIPS 180-4, sections 5 and 6.2/6.3).
 *
 * A state lives in linear memory at a caller-chosen address, like the Keccak sponge, so the host
 * can keep any number of incremental hashers and other engine modules (HMAC, RFC 6979) can use
 * static states of their own without allocating.
 *
 * Layout: 8 u32 hash words (native order) | 64-byte block buffer | buffered u32 | pad u32 |
 * total length in bytes u64
 */

/** Bytes one SHA-256 state occupies in memory. */
export const SHA256_STATE_SIZE: i32 = 112;
/** SHA-256 block size in bytes (HMAC pads keys to this). */
export const SHA256_BLOCK: usize = 64;
/** Bytes sha256Final writes (SHA-224 callers keep the first 28). */
export const SHA256_DIGEST: usize = 32;

const BUF_OFF: usize = 32;
const POS_OFF: usize = 96;
const TOTAL_OFF: usize = 104;

// FIPS 180-4 4.2.2: first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K: usize = memory.data<u32>([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

// FIPS 180-4 5.3.3 (SHA-256) then 5.3.2 (SHA-224) initial hash values.
const IV: usize = memory.data<u32>([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
]);

// Message schedule W[0..64): one static buffer, since the engine runs one compression at a time.
const W: usize = memory.data(256, 16);

@inline function bigSigma0(x: u32): u32 {
  return rotr<u32>(x, 2) ^ rotr<u32>(x, 13) ^ rotr<u32>(x, 22);
}
@inline function bigSigma1(x: u32): u32 {
  return rotr<u32>(x, 6) ^ rotr<u32>(x, 11) ^ rotr<u32>(x, 25);
}
@inline function smallSigma0(x: u32): u32 {
  return rotr<u32>(x, 7) ^ rotr<u32>(x, 18) ^ (x >>> 3);
}
@inline function smallSigma1(x: u32): u32 {
  return rotr<u32>(x, 17) ^ rotr<u32>(x, 19) ^ (x >>> 10);
}

/** Runs the compression function over `blocks` consecutive 64-byte blocks at `src`. */
function compress(s: usize, src: usize, blocks: usize): void {
  let h0 = load<u32>(s, 0);
  let h1 = load<u32>(s, 4);
  let h2 = load<u32>(s, 8);
  let h3 = load<u32>(s, 12);
  let h4 = load<u32>(s, 16);
  let h5 = load<u32>(s, 20);
  let h6 = load<u32>(s, 24);
  let h7 = load<u32>(s, 28);
  for (let blk: usize = 0; blk < blocks; blk++, src += 64) {
    // The message is big-endian; wasm loads are little-endian.
    for (let t: usize = 0; t < 64; t += 4) store<u32>(W + t, bswap<u32>(load<u32>(src + t)));
    for (let t: usize = 64; t < 256; t += 4) {
      const w = smallSigma1(load<u32>(W + t - 8)) + load<u32>(W + t - 28) +
        smallSigma0(load<u32>(W + t - 60)) + load<u32>(W + t - 64);
      store<u32>(W + t, w);
    }
    let a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7;
    let t1: u32;
    // Eight rounds per iteration, renaming the working variables instead of shifting them;
    // Ch and Maj in their two-operation forms (equivalent to FIPS 180-4 4.1).
    for (let t: usize = 0; t < 256; t += 32) {
      t1 = h + bigSigma1(e) + (g ^ (e & (f ^ g))) + load<u32>(K + t, 0) + load<u32>(W + t, 0);
      d += t1;
      h = t1 + bigSigma0(a) + ((a & b) | (c & (a | b)));
      t1 = g + bigSigma1(d) + (f ^ (d & (e ^ f))) + load<u32>(K + t, 4) + load<u32>(W + t, 4);
      c += t1;
      g = t1 + bigSigma0(h) + ((h & a) | (b & (h | a)));
      t1 = f + bigSigma1(c) + (e ^ (c & (d ^ e))) + load<u32>(K + t, 8) + load<u32>(W + t, 8);
      b += t1;
      f = t1 + bigSigma0(g) + ((g & h) | (a & (g | h)));
      t1 = e + bigSigma1(b) + (d ^ (b & (c ^ d))) + load<u32>(K + t, 12) + load<u32>(W + t, 12);
      a += t1;
      e = t1 + bigSigma0(f) + ((f & g) | (h & (f | g)));
      t1 = d + bigSigma1(a) + (c ^ (a & (b ^ c))) + load<u32>(K + t, 16) + load<u32>(W + t, 16);
      h += t1;
      d = t1 + bigSigma0(e) + ((e & f) | (g & (e | f)));
      t1 = c + bigSigma1(h) + (b ^ (h & (a ^ b))) + load<u32>(K + t, 20) + load<u32>(W + t, 20);
      g += t1;
      c = t1 + bigSigma0(d) + ((d & e) | (f & (d | e)));
      t1 = b + bigSigma1(g) + (a ^ (g & (h ^ a))) + load<u32>(K + t, 24) + load<u32>(W + t, 24);
      f += t1;
      b = t1 + bigSigma0(c) + ((c & d) | (e & (c | d)));
      t1 = a + bigSigma1(f) + (h ^ (f & (g ^ h))) + load<u32>(K + t, 28) + load<u32>(W + t, 28);
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
  store<u32>(s, h0, 0);
  store<u32>(s, h1, 4);
  store<u32>(s, h2, 8);
  store<u32>(s, h3, 12);
  store<u32>(s, h4, 16);
  store<u32>(s, h5, 20);
  store<u32>(s, h6, 24);
  store<u32>(s, h7, 28);
}

/** Starts an empty SHA-256 (or SHA-224 if `is224`) state at `s`. */
export function sha256Init(s: usize, is224: bool): void {
  memory.copy(s, IV + (is224 ? 32 : 0), 32);
  store<u32>(s, 0, POS_OFF);
  store<u64>(s, 0, TOTAL_OFF);
}

/** Absorbs `len` bytes from `src`. */
export function sha256Update(s: usize, src: usize, len: usize): void {
  store<u64>(s, load<u64>(s, TOTAL_OFF) + <u64>len, TOTAL_OFF);
  let pos = <usize>load<u32>(s, POS_OFF);
  let i: usize = 0;
  if (pos != 0) {
    i = SHA256_BLOCK - pos;
    if (i > len) i = len;
    memory.copy(s + BUF_OFF + pos, src, i);
    pos += i;
    if (pos < SHA256_BLOCK) {
      store<u32>(s, <u32>pos, POS_OFF);
      return;
    }
    compress(s, s + BUF_OFF, 1);
    pos = 0;
  }
  // Whole blocks straight from the input, without copying them into the buffer.
  const blocks = (len - i) >> 6;
  if (blocks != 0) {
    compress(s, src + i, blocks);
    i += blocks << 6;
  }
  if (i < len) {
    pos = len - i;
    memory.copy(s + BUF_OFF, src + i, pos);
  }
  store<u32>(s, <u32>pos, POS_OFF);
}

/** Pads, finishes and writes the 32-byte big-endian digest to `dst`. */
export function sha256Final(s: usize, dst: usize): void {
  const buf = s + BUF_OFF;
  let pos = <usize>load<u32>(s, POS_OFF);
  store<u8>(buf + pos, 0x80);
  pos++;
  // The 64-bit length must fit after the 0x80 byte; otherwise it goes in one more block.
  if (pos > SHA256_BLOCK - 8) {
    memory.fill(buf + pos, 0, SHA256_BLOCK - pos);
    compress(s, buf, 1);
    pos = 0;
  }
  memory.fill(buf + pos, 0, SHA256_BLOCK - 8 - pos);
  store<u64>(buf, bswap<u64>(load<u64>(s, TOTAL_OFF) << 3), SHA256_BLOCK - 8);
  compress(s, buf, 1);
  for (let i: usize = 0; i < 32; i += 4) store<u32>(dst + i, bswap<u32>(load<u32>(s + i)));
}
