/**
 * What the arithmetic tests (engine/src/*.arith.test.ts) share: the test build's arithmetic hooks
 * (engine/assembly/arith_test_exports.ts), typed views of its IO buffer, and the BigInt reference
 * for the engine's limb representations. The reference is written from the representation's
 * definition (value = sum of l[i] * 2^(bits i)), never from the engine's code.
 */
import { instantiateTestBuild, type EngineTestExports } from './test-build.ts';
import type { Io } from '../src/wasm.ts';

export interface ArithBuild {
  wasm: EngineTestExports;
  io: Io;
}

/** A fresh instance of the test build. */
export const arithBuild = (): Promise<ArithBuild> => instantiateTestBuild();

type View<T> = new (buffer: ArrayBufferLike, byteOffset: number, length: number) => T;

/** A live view of `count` elements at IO[offset..]; made per call, since memory may be replaced on growth. */
export function ioView<T>(t: ArithBuild, kind: View<T>, offset: number, count: number): T {
  return new kind(t.wasm.memory.buffer, t.io.base + offset, count);
}

/** Writes u32 words (limbs) at IO[offset..]. */
export function putWords(t: ArithBuild, offset: number, words: readonly number[]): void {
  ioView(t, Uint32Array, offset, words.length).set(words);
}

/** Reads `count` u32 words at IO[offset..]. */
export function getWords(t: ArithBuild, offset: number, count: number): number[] {
  return [...ioView(t, Uint32Array, offset, count)];
}

/** The `count` limbs of `bits` bits of v (v below 2^(bits * count)), least significant first. */
export function toLimbs(v: bigint, bits: number, count: number): number[] {
  const mask = (1n << BigInt(bits)) - 1n;
  return Array.from({ length: count }, (_, i) => Number((v >> BigInt(bits * i)) & mask));
}

/** The value of limbs of `bits` bits each, whatever their size: sum of l[i] * 2^(bits i). */
export function fromLimbs(limbs: readonly number[], bits: number): bigint {
  return limbs.reduce((sum, l, i) => sum + (BigInt(l) << BigInt(bits * i)), 0n);
}

/** v as `length` big-endian bytes (v below 2^(8 length)). */
export function toBytes(v: bigint, length = 32): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
}

/** The big-endian integer of bytes. */
export function fromBytes(bytes: Uint8Array): bigint {
  return bytes.reduce((v, b) => (v << 8n) | BigInt(b), 0n);
}

/** a mod m in [0, m). */
export function mod(a: bigint, m: bigint): bigint {
  const r = a % m;
  return r < 0n ? r + m : r;
}

/** b^e mod m by square and multiply. */
export function powMod(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  for (b = mod(b, m); e > 0n; e >>= 1n, b = (b * b) % m) if (e & 1n) r = (r * b) % m;
  return r;
}

/** Values around each of `points` (point - spread .. point + spread) that lie in [min, max]. */
export function around(points: readonly bigint[], spread: bigint, min: bigint, max: bigint): bigint[] {
  const out = new Set<bigint>();
  for (const p of points) for (let d = -spread; d <= spread; d++) if (p + d >= min && p + d <= max) out.add(p + d);
  return [...out];
}
