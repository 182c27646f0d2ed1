/** zk-FIDNA proofs that must not verify: tampering, mismatched public inputs, bad encodings, zero challenges. */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toBigInt, toBytes32 } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';
import type { ZkFidna, ZkFidnaProof, ZkFidnaPublicInput } from './index.ts';
import { mlDsaApi } from './mldsa.ts';
import { sha2Api } from './sha2.ts';
import { sha3Api } from './sha3.ts';
import { instantiateTestBuild } from '../test-support/test-build.ts';
import { zkFidnaApi } from './zkfidna.ts';

let balance: ZkFidnaProof, range: ZkFidnaProof, custom: ZkFidnaProof;
beforeAll(() => {
  balance = engine.zkFidna.prove({ circuitType: 'balance_proof', secretValue: 650000n, balanceValue: 21930000n });
  range = engine.zkFidna.prove({ circuitType: 'range_proof', secretValue: 650000n, min: 1000n, max: 1000000n });
  custom = engine.zkFidna.prove({ circuitType: 'custom', secretValue: 650000n, balanceValue: 21930000n });
});

const P = secp256k1.Point.CURVE().p;
const N = secp256k1.Point.CURVE().n;
const Point = secp256k1.Point;
const check = (proof: Uint8Array, publicInput: ZkFidnaPublicInput) => engine.zkFidna.verify({ proof, publicInput });
const withBytes = (proof: Uint8Array, at: number, bytes: Uint8Array) => {
  const p = proof.slice();
  p.set(bytes, at);
  return p;
};
/** Offsets in a proof with an empty context. */
const core = (p: ZkFidnaProof) => 6 + 33 * p.views.commitments.length + (p.publicInput.circuitType === 'range_proof' ? 16 : 0);
const TX = 132, A_SCALAR = 228 + 66 * 7;

describe('zk-FIDNA rejects every single-byte change', () => {
  for (const name of ['balance_proof', 'range_proof', 'custom'] as const) {
    it(`${name}: flipping any one byte of the proof makes it invalid`, () => {
      const made = { balance_proof: balance, range_proof: range, custom }[name];
      expect(check(made.proof, made.publicInput).valid).toBe(true);
      const accepted: number[] = [];
      for (let i = 0; i < made.proof.length; i++) {
        const p = made.proof.slice();
        p[i] ^= 1 << (i % 8);
        if (check(p, made.publicInput).valid) accepted.push(i);
      }
      expect(accepted).toEqual([]);
    });
  }
});

describe('zk-FIDNA rejects proofs that do not match their public input', () => {
  it('fails when C_X and C_Y are swapped, in either result', () => {
    const swapped = balance.proof.slice();
    swapped.set(balance.proof.subarray(39, 72), 6);
    swapped.set(balance.proof.subarray(6, 39), 39);
    for (const result of [0, 1] as const) {
      const p = swapped.slice();
      p[2] = result;
      const checked = check(p, { circuitType: 'balance_proof', result });
      expect(checked.valid).toBe(false);
      expect(checked.details.mathematicalCheck).toBe(false);
    }
  });

  it('fails with the other result bit, in the public input or in the proof', () => {
    expect(check(balance.proof, { circuitType: 'balance_proof', result: 0 }).details.structurallyValid).toBe(false);
    const flipped = withBytes(balance.proof, 2, new Uint8Array([0]));
    const checked = check(flipped, { circuitType: 'balance_proof', result: 0 });
    expect(checked.details).toMatchObject({ structurallyValid: true, circuitValid: true, mathematicalCheck: false });
  });

  it('fails for another circuit, and result 0 is refused outside balance_proof', () => {
    expect(check(balance.proof, { circuitType: 'custom', result: 1 }).details.structurallyValid).toBe(false);
    expect(check(custom.proof, { circuitType: 'balance_proof', result: 1 }).details.structurallyValid).toBe(false);
    const relabelled = withBytes(custom.proof, 1, new Uint8Array([1]));
    expect(check(relabelled, { circuitType: 'balance_proof', result: 1 }).valid).toBe(false);
    const zero = withBytes(range.proof, 2, new Uint8Array([0]));
    expect(check(zero, { ...range.publicInput, result: 0 }).details.structurallyValid).toBe(false);
  });

  it('fails when the bounds differ from the public input, are missing, or are changed in the proof', () => {
    const { min, max } = range.publicInput as { min: bigint; max: bigint };
    expect(check(range.proof, { ...range.publicInput, min: min - 1n }).details.structurallyValid).toBe(false);
    expect(check(range.proof, { ...range.publicInput, max: max + 1n }).details.structurallyValid).toBe(false);
    expect(check(range.proof, { circuitType: 'range_proof', result: 1, min }).details.structurallyValid).toBe(false);
    expect(check(balance.proof, { ...balance.publicInput, min: 1n, max: 5n }).details.structurallyValid).toBe(false);
    // Widened bounds written into the proof and the public input: the transcript no longer matches.
    const bounds = new Uint8Array(16);
    new DataView(bounds.buffer).setBigUint64(0, 1n);
    new DataView(bounds.buffer).setBigUint64(8, 1n << 40n);
    const widened = withBytes(range.proof, 39, bounds);
    const checked = check(widened, { circuitType: 'range_proof', result: 1, min: 1n, max: 1n << 40n });
    expect(checked.details).toMatchObject({ structurallyValid: true, circuitValid: true, mathematicalCheck: false });
  });

  it('marks bounds out of order as an invalid circuit', () => {
    const bounds = new Uint8Array(16);
    new DataView(bounds.buffer).setBigUint64(0, 9n);
    new DataView(bounds.buffer).setBigUint64(8, 1n);
    const checked = check(withBytes(range.proof, 39, bounds), { circuitType: 'range_proof', result: 1, min: 9n, max: 1n });
    expect(checked.details).toMatchObject({ structurallyValid: true, circuitValid: false, mathematicalCheck: false });
  });
});

describe('zk-FIDNA rejects bad encodings', () => {
  it('refuses truncated and extended proofs', () => {
    for (const p of [balance.proof.subarray(0, 825), balance.proof.subarray(0, 6), new Uint8Array([...balance.proof, 0])]) {
      expect(check(p, balance.publicInput).details.structurallyValid).toBe(false);
    }
  });

  it('refuses non-canonical scalars: t_x and a at n and above', () => {
    for (const at of [core(balance) + TX, core(balance) + A_SCALAR]) {
      const value = toBigInt(balance.proof.subarray(at, at + 32));
      for (const s of [N, value + N < 1n << 256n ? value + N : N + 1n, (1n << 256n) - 1n]) {
        expect(check(withBytes(balance.proof, at, toBytes32(s)), balance.publicInput).details.structurallyValid).toBe(false);
      }
    }
  });

  it('refuses a point whose x is p or more even when x - p is on the curve', () => {
    let x = 1n;
    while (!isOnCurveX(x)) x++;
    const reduced = new Uint8Array([2, ...toBytes32(x)]);
    const unreduced = new Uint8Array([2, ...toBytes32(x + P)]);
    expect(() => Point.fromBytes(reduced)).not.toThrow();
    const at = core(balance); // A
    expect(check(withBytes(balance.proof, at, unreduced), balance.publicInput).details.structurallyValid).toBe(false);
    expect(check(withBytes(balance.proof, 6, unreduced), balance.publicInput).details.structurallyValid).toBe(false);
  });

  it('refuses points off the curve and other prefixes', () => {
    let x = 1n;
    while (isOnCurveX(x)) x++;
    const off = new Uint8Array([3, ...toBytes32(x)]);
    for (const at of [6, 39, core(balance), core(balance) + 99, core(balance) + 228 + 33]) {
      expect(check(withBytes(balance.proof, at, off), balance.publicInput).details.structurallyValid).toBe(false);
    }
    for (const prefix of [0, 1, 4, 6, 7]) {
      expect(check(withBytes(balance.proof, 6, new Uint8Array([prefix])), balance.publicInput).details.structurallyValid).toBe(false);
    }
  });

  it('marks a derived commitment at the identity (C_Y = C_X with result 1) as an invalid circuit', () => {
    const p = withBytes(balance.proof, 39, balance.proof.subarray(6, 39));
    expect(check(p, balance.publicInput).details).toMatchObject({ structurallyValid: true, circuitValid: false, mathematicalCheck: false });
  });

  it('custom: a kernel excess at the identity is an invalid circuit; a bad kernel fails balanceCheck only', () => {
    const cp = Point.fromBytes(custom.proof.subarray(39, 72)), cr = Point.fromBytes(custom.proof.subarray(72, 105));
    const p = withBytes(custom.proof, 6, cp.add(cr).toBytes(true));
    expect(check(p, custom.publicInput).details.circuitValid).toBe(false);
    const kernelAt = custom.proof.length - 64;
    const bad = custom.proof.slice();
    bad[kernelAt + 40] ^= 1;
    const checked = check(bad, custom.publicInput);
    expect(checked.details).toMatchObject({ structurallyValid: true, circuitValid: true, mathematicalCheck: true, balanceCheck: false });
    expect(checked.valid).toBe(false);
  });
});

describe('zk-FIDNA treats a zero challenge as fatal', () => {
  // An instance of the test build (engine/test-support/test-build.ts), whose hook forces the
  // index-th challenge of every transcript to zero; the release build has no such switch.
  let zk: ZkFidna;
  let forceZero: (index: number) => void;
  beforeAll(async () => {
    const { wasm, io } = await instantiateTestBuild();
    const hashes = { ...sha3Api(wasm, io), ...sha2Api(wasm, io) };
    zk = zkFidnaApi(wasm, io, mlDsaApi(wasm, io, hashes, 65), hashes.shake256);
    forceZero = (index) => wasm.zkTestForceZeroChallenge(index);
  });
  afterEach(() => forceZero(-1));

  it('the verifier rejects when any of y, z, x, w, u_1..u_7 or the batch weight is zero', () => {
    expect(zk.verify({ proof: balance.proof, publicInput: balance.publicInput }).valid).toBe(true);
    for (let index = 0; index < 12; index++) {
      forceZero(index);
      const checked = zk.verify({ proof: balance.proof, publicInput: balance.publicInput });
      expect(checked.details, `challenge ${index}`).toMatchObject({ structurallyValid: true, circuitValid: true, mathematicalCheck: false });
      expect(checked.valid).toBe(false);
    }
  });

  it('the prover gives up on a given rng, and on fresh ones after a few tries', () => {
    forceZero(2);
    const rng = new Uint8Array(32).fill(9);
    expect(() => zk.prove({ circuitType: 'balance_proof', secretValue: 1n, balanceValue: 2n, rng })).toThrow(
      expect.objectContaining({ code: 'engine_failure', param: 'rng' }),
    );
    expect(() => zk.prove({ circuitType: 'custom', secretValue: 1n, balanceValue: 2n })).toThrow(expect.objectContaining({ code: 'engine_failure' }));
    forceZero(-1);
    expect(zk.prove({ circuitType: 'balance_proof', secretValue: 1n, balanceValue: 2n, rng }).proof).toHaveLength(826);
  });
});

function isOnCurveX(x: bigint): boolean {
  try {
    Point.fromBytes(new Uint8Array([2, ...toBytes32(x)]));
    return true;
  } catch {
    return false;
  }
}
