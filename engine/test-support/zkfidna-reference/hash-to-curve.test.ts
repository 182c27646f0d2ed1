/** RFC 9380 secp256k1 vectors through @noble/curves, checking the way the generators call it. */
import { hash_to_field } from '@noble/curves/abstract/hash-to-curve.js';
import { secp256k1_hasher } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { readJson } from '../vectors.ts';
import type { Point } from './points.ts';
import { P } from './scalar.ts';

interface H2cSuite {
  dst: string;
  vectors: { msg: string; P: { x: string; y: string }; u: string[]; Q0?: { x: string; y: string }; Q1?: { x: string; y: string } }[];
}

const ro = readJson<H2cSuite>('hash-to-curve', 'secp256k1_XMD_SHA-256_SSWU_RO_.json');
const nu = readJson<H2cSuite>('hash-to-curve', 'secp256k1_XMD_SHA-256_SSWU_NU_.json');
const enc = (s: string) => new TextEncoder().encode(s);
const big = (s: string) => BigInt(s);
// noble types mapToCurve as taking bigint[], but for a prime field (m = 1) it wants one bare bigint
// and returns a point, not affine coordinates.
const mapOne = (u: bigint) => (secp256k1_hasher.mapToCurve as unknown as (u: bigint) => Point)(u).toAffine();

describe('RFC 9380 secp256k1_XMD:SHA-256_SSWU_RO_ through noble with a custom DST', () => {
  it('has all five vectors', () => {
    expect(ro.vectors).toHaveLength(5);
  });
  for (const v of ro.vectors) {
    it(`hashes msg "${v.msg.slice(0, 16)}" (length ${v.msg.length}) to P`, () => {
      const point = secp256k1_hasher.hashToCurve(enc(v.msg), { DST: ro.dst }).toAffine();
      expect(point).toEqual({ x: big(v.P.x), y: big(v.P.y) });
    });
    it(`derives u0, u1 and the two mapped points Q0, Q1 for msg length ${v.msg.length}`, () => {
      const opts = { DST: ro.dst, p: P, m: 1, k: 128, expand: 'xmd' as const, hash: sha256 };
      const u = hash_to_field(enc(v.msg), 2, opts).map((e) => e[0]);
      expect(u).toEqual(v.u.map(big));
      expect(mapOne(u[0])).toEqual({ x: big(v.Q0!.x), y: big(v.Q0!.y) });
      expect(mapOne(u[1])).toEqual({ x: big(v.Q1!.x), y: big(v.Q1!.y) });
    });
  }
  it('gives a different point under another DST (the DST option is honoured)', () => {
    const point = secp256k1_hasher.hashToCurve(enc(ro.vectors[0].msg), { DST: 'ZKFIDNA-V01-CS01-with-secp256k1_XMD:SHA-256_SSWU_RO_' });
    expect(point.toAffine().x).not.toBe(big(ro.vectors[0].P.x));
  });
});

describe('RFC 9380 secp256k1_XMD:SHA-256_SSWU_NU_ through noble', () => {
  for (const v of nu.vectors) {
    it(`encodes msg length ${v.msg.length} to P`, () => {
      const point = secp256k1_hasher.encodeToCurve(enc(v.msg), { DST: nu.dst }).toAffine();
      expect(point).toEqual({ x: big(v.P.x), y: big(v.P.y) });
    });
  }
});
