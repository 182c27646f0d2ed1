/**
 * secp256k1 points: strict 33-byte compressed decoding (the rules of the proof format) and the
 * naive multi-scalar multiplication both prover and verifier use.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToBigInt, mod, P } from './scalar.ts';

export const Point = secp256k1.Point;
export type Point = InstanceType<typeof secp256k1.Point>;

export const POINT_BYTES = 33;

export const encodePoint = (pt: Point): Uint8Array => pt.toBytes(true);

/** Why a 33-byte string is not an acceptable point, or null when it is one. */
export type PointRejection = 'bad_prefix' | 'x_not_below_p' | 'not_on_curve';

/**
 * Decodes 0x02/0x03 || x. Any other prefix (including 0x00 for the identity or 0x04 uncompressed),
 * x >= p, and an x with no curve point are refused, each with its own reason.
 */
export function decodePoint(bytes: Uint8Array): { point: Point } | { reason: PointRejection } {
  if (bytes.length !== POINT_BYTES) throw new RangeError('a point is 33 bytes');
  if (bytes[0] !== 0x02 && bytes[0] !== 0x03) return { reason: 'bad_prefix' };
  if (bytesToBigInt(bytes.subarray(1)) >= P) return { reason: 'x_not_below_p' };
  try {
    const point = Point.fromBytes(bytes);
    point.assertValidity();
    return { point };
  } catch {
    return { reason: 'not_on_curve' };
  }
}

/** k·pt for any integer k (reduced mod n first; zero gives the identity). */
export function mul(pt: Point, k: bigint): Point {
  const s = mod(k);
  return s === 0n ? Point.ZERO : pt.multiplyUnsafe(s);
}

/** Σ scalars[i]·points[i], one multiplication at a time: slow but obviously right. */
export function msm(points: Point[], scalars: bigint[]): Point {
  if (points.length !== scalars.length) throw new RangeError('msm: length mismatch');
  let acc = Point.ZERO;
  for (let i = 0; i < points.length; i++) acc = acc.add(mul(points[i], scalars[i]));
  return acc;
}
