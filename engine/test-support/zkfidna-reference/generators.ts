/**
 * The public bases: B (value) hashed to the curve from "value", B̃ = the standard generator G
 * (blinding), and G_i, H_i hashed from "G"/"H" || u32be(i), all with RFC 9380
 * secp256k1_XMD:SHA-256_SSWU_RO_ under the product's own DST. Computed once per process.
 */
import { secp256k1_hasher } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { encodePoint, Point } from './points.ts';
import { ascii, concat, u32be } from './scalar.ts';

export const GENERATORS_DST = 'ZKFIDNA-V01-CS01-with-secp256k1_XMD:SHA-256_SSWU_RO_';
/** G_i and H_i exist for i < 256: enough for 64-bit values with m <= 4. */
export const GENERATOR_COUNT = 256;

export interface Generators {
  B: Point;
  Btilde: Point;
  G: Point[];
  H: Point[];
  /** SHA-256 over B, B̃, G_0..G_255, H_0..H_255, each 33-byte compressed. */
  digest: Uint8Array;
}

const hashToPoint = (msg: Uint8Array): Point => secp256k1_hasher.hashToCurve(msg, { DST: GENERATORS_DST });

const indexed = (tag: string, i: number): Uint8Array => concat(ascii(tag), u32be(i));

let cached: Generators | undefined;

export function generators(): Generators {
  if (cached) return cached;
  const B = hashToPoint(ascii('value'));
  const Btilde = Point.BASE;
  const G: Point[] = [];
  const H: Point[] = [];
  for (let i = 0; i < GENERATOR_COUNT; i++) G.push(hashToPoint(indexed('G', i)));
  for (let i = 0; i < GENERATOR_COUNT; i++) H.push(hashToPoint(indexed('H', i)));
  const digest = sha256(concat(...[B, Btilde, ...G, ...H].map(encodePoint)));
  cached = { B, Btilde, G, H, digest };
  return cached;
}
