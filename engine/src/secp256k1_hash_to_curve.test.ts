/** RFC 9380 hash-to-curve on secp256k1 (zk-FIDNA's generators): the RFC's vectors, every step (through the test build's hook). */
import { secp256k1_hasher } from '@noble/curves/secp256k1.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { toBigInt } from '../test-support/bytes.ts';
import { hashToCurveTrace } from '../test-support/h2c-trace.ts';
import { instantiateTestBuild, type EngineTestExports } from '../test-support/test-build.ts';
import { readJson } from '../test-support/vectors.ts';
import type { Io } from './wasm.ts';

let wasm: EngineTestExports;
let io: Io;
beforeAll(async () => {
  ({ wasm, io } = await instantiateTestBuild());
});

const utf8 = (s: string) => new TextEncoder().encode(s);

interface Vector {
  msg: string;
  u: string[];
  P: { x: string; y: string };
  Q?: { x: string; y: string };
  Q0?: { x: string; y: string };
  Q1?: { x: string; y: string };
}

for (const [suite, mode] of [['RO', 'ro'], ['NU', 'nu']] as const) {
  describe(`RFC 9380 secp256k1_XMD:SHA-256_SSWU_${suite}_`, () => {
    const file = readJson<{ dst: string; vectors: Vector[] }>('hash-to-curve', `secp256k1_XMD_SHA-256_SSWU_${suite}_.json`);
    it('has the vectors of the RFC appendix', () => {
      expect(file.vectors.length).toBe(5);
    });
    for (const v of file.vectors) {
      it(`reproduces u, Q and P for msg "${v.msg.slice(0, 20)}${v.msg.length > 20 ? '...' : ''}"`, () => {
        const trace = hashToCurveTrace(wasm, io, utf8(v.msg), utf8(file.dst), mode);
        expect(trace.u.map(toBigInt)).toEqual(v.u.map(BigInt));
        const qs = mode === 'ro' ? [v.Q0!, v.Q1!] : [v.Q!];
        expect(trace.q.map((q) => [toBigInt(q.x), toBigInt(q.y)])).toEqual(qs.map((q) => [BigInt(q.x), BigInt(q.y)]));
        expect([toBigInt(trace.p.x), toBigInt(trace.p.y)]).toEqual([BigInt(v.P.x), BigInt(v.P.y)]);
      });
    }
  });
}

describe('hash-to-curve agrees with @noble/curves beyond the vectors', () => {
  it('gives the same point for 200 messages of lengths 0..199 under a long DST', () => {
    const dst = utf8('ZKFIDNA-V01-CS01-with-secp256k1_XMD:SHA-256_SSWU_RO_'.repeat(4));
    for (let len = 0; len < 200; len++) {
      const msg = Uint8Array.from({ length: len }, (_, i) => (i * 7 + len) & 255);
      const ours = hashToCurveTrace(wasm, io, msg, dst, len % 2 ? 'nu' : 'ro').p;
      const theirs = (len % 2 ? secp256k1_hasher.encodeToCurve : secp256k1_hasher.hashToCurve)(msg, { DST: dst }).toAffine();
      expect([toBigInt(ours.x), toBigInt(ours.y)]).toEqual([theirs.x, theirs.y]);
    }
  });
});
