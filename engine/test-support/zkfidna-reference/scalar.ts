/**
 * Scalars mod the secp256k1 group order n and the byte helpers every other module of the reference
 * uses. Plain BigInt: this reference is a test oracle, clarity matters more than speed or timing.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';

/** Group order n. */
export const N = secp256k1.Point.Fn.ORDER;
/** Field prime p. */
export const P = secp256k1.Point.Fp.ORDER;

export const mod = (a: bigint, m: bigint = N): bigint => {
  const r = a % m;
  return r < 0n ? r + m : r;
};

export function powMod(base: bigint, exp: bigint, m: bigint = N): bigint {
  let result = 1n;
  let b = mod(base, m);
  for (let e = exp; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % m;
    b = (b * b) % m;
  }
  return result;
}

/** Inverse mod the prime n (Fermat); the caller guarantees a != 0 mod n. */
export const invMod = (a: bigint): bigint => powMod(a, N - 2n);

/** Inner product of two scalar vectors, mod n. */
export function inner(a: bigint[], b: bigint[]): bigint {
  let s = 0n;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return mod(s);
}

/** [1, x, x^2, ..., x^(len-1)] mod n. */
export function powers(x: bigint, len: number): bigint[] {
  const out: bigint[] = [];
  let p = 1n;
  for (let i = 0; i < len; i++) {
    out.push(p);
    p = (p * x) % N;
  }
  return out;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

export const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);

export const u8 = (v: number): Uint8Array => Uint8Array.of(v);

export function u32be(v: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, v);
  return out;
}

export function u64be(v: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, v);
  return out;
}

/** Big-endian unsigned integer of any length (OS2IP). */
export function bytesToBigInt(b: Uint8Array): bigint {
  let v = 0n;
  for (const byte of b) v = (v << 8n) | BigInt(byte);
  return v;
}

/** 32-byte big-endian encoding of a scalar already reduced mod n. */
export function scalarToBytes(s: bigint): Uint8Array {
  if (s < 0n || s >= N) throw new RangeError('scalar out of range');
  const out = new Uint8Array(32);
  let v = s;
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}
