/** zk-FIDNA through the public API: round trips, edge values, openings, privacy, attestation, memory. */
import { secp256k1, secp256k1_hasher } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import { toBigInt, toHex } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';
import type { ZkFidnaProof, ZkFidnaProveOptions } from './index.ts';
import { mlDsaApi } from './mldsa.ts';
import { sha2Api } from './sha2.ts';
import { sha3Api } from './sha3.ts';
import { instantiate, Io } from './wasm.ts';
import { zkFidnaApi } from './zkfidna.ts';

const MAX = (1n << 64n) - 1n;
const Point = secp256k1.Point;
const B = secp256k1_hasher.hashToCurve(new TextEncoder().encode('value'), { DST: 'ZKFIDNA-V01-CS01-with-secp256k1_XMD:SHA-256_SSWU_RO_' });
const commitment = (value: bigint, blinding: Uint8Array) => {
  const r = toBigInt(blinding);
  const vB = value === 0n ? Point.ZERO : B.multiply(value);
  return vB.add(Point.BASE.multiply(r)).toBytes(true);
};
const proveAndVerify = (opts: ZkFidnaProveOptions) => {
  const made = engine.zkFidna.prove(opts);
  return { made, checked: engine.zkFidna.verify({ proof: made.proof, publicInput: made.publicInput }) };
};
const ALL_TRUE = { structurallyValid: true, circuitValid: true, mathematicalCheck: true, positiveCheck: true, balanceCheck: true };

describe('zk-FIDNA round trips', () => {
  it('balance_proof proves Y >= X as result 1 and Y < X as result 0, and both verify', () => {
    for (const [x, y, result] of [[650000n, 21930000n, 1], [21930000n, 650000n, 0]] as const) {
      const { made, checked } = proveAndVerify({ circuitType: 'balance_proof', secretValue: x, balanceValue: y });
      expect(made.publicInput).toEqual({ circuitType: 'balance_proof', result });
      expect(made.proof.length).toBe(826);
      expect(checked).toMatchObject({ valid: true, details: ALL_TRUE });
    }
  });

  it('range_proof echoes its bounds, defaulting min to 1 and max to balanceValue', () => {
    const { made, checked } = proveAndVerify({ circuitType: 'range_proof', secretValue: 5n, balanceValue: 9n });
    expect(made.publicInput).toEqual({ circuitType: 'range_proof', result: 1, min: 1n, max: 9n });
    expect(made.proof.length).toBe(809);
    expect(checked.valid).toBe(true);
    const explicit = proveAndVerify({ circuitType: 'range_proof', secretValue: 1000n, min: 1000n, max: 1000n });
    expect(explicit.made.publicInput).toMatchObject({ min: 1000n, max: 1000n });
    expect(explicit.checked.valid).toBe(true);
  });

  it('custom proves a transfer of X out of Y with change Y - X, kernel included', () => {
    const { made, checked } = proveAndVerify({ circuitType: 'custom', secretValue: 30n, balanceValue: 100n });
    expect(made.proof.length).toBe(923);
    expect(made.openings.map((o) => o.value)).toEqual([100n, 30n, 70n]);
    expect(checked).toMatchObject({ valid: true, details: ALL_TRUE });
  });

  it('binds a context, which publicInput carries and the proof grows by', () => {
    const context = new TextEncoder().encode('tx-2026-000123');
    const { made, checked } = proveAndVerify({ circuitType: 'balance_proof', secretValue: 3n, balanceValue: 4n, context });
    expect(made.publicInput.context).toEqual(context);
    expect(made.proof.length).toBe(826 + context.length);
    expect(checked.valid).toBe(true);
    const elsewhere = engine.zkFidna.verify({ proof: made.proof, publicInput: { ...made.publicInput, context: new TextEncoder().encode('tx-2026-000124') } });
    expect(elsewhere.valid).toBe(false);
    expect(elsewhere.details.structurallyValid).toBe(false);
    const max = proveAndVerify({ circuitType: 'custom', secretValue: 3n, balanceValue: 4n, context: new Uint8Array(255).fill(7) });
    expect(max.checked.valid).toBe(true);
  });

  it('proves and verifies the edge values 0, 1, X = Y and 2^64 - 1', () => {
    const cases: ZkFidnaProveOptions[] = [
      { circuitType: 'balance_proof', secretValue: 1n, balanceValue: 0n },
      { circuitType: 'balance_proof', secretValue: 1n, balanceValue: 1n },
      { circuitType: 'balance_proof', secretValue: MAX, balanceValue: MAX },
      { circuitType: 'balance_proof', secretValue: MAX, balanceValue: 0n },
      { circuitType: 'balance_proof', secretValue: 1n, balanceValue: MAX },
      { circuitType: 'balance_proof', secretValue: MAX, balanceValue: MAX - 1n },
      { circuitType: 'range_proof', secretValue: MAX, min: 0n, max: MAX },
      { circuitType: 'range_proof', secretValue: 1n, min: 1n, max: 1n },
      { circuitType: 'custom', secretValue: 1n, balanceValue: 1n },
      { circuitType: 'custom', secretValue: MAX, balanceValue: MAX },
      { circuitType: 'custom', secretValue: 1n, balanceValue: MAX },
    ];
    for (const opts of cases) {
      const { made, checked } = proveAndVerify(opts);
      expect(checked.valid, JSON.stringify(opts, (_, v) => (typeof v === 'bigint' ? String(v) : v))).toBe(true);
      expect(made.publicInput.result).toBe(opts.circuitType === 'balance_proof' && BigInt(opts.balanceValue!) < BigInt(opts.secretValue) ? 0 : 1);
    }
  });
});

describe('zk-FIDNA openings, views and privacy', () => {
  it('returns openings that open the commitments: C = value B + blinding G', () => {
    for (const opts of [
      { circuitType: 'balance_proof', secretValue: 7n, balanceValue: 3n },
      { circuitType: 'range_proof', secretValue: 7n, min: 2n, max: 9n },
      { circuitType: 'custom', secretValue: 7n, balanceValue: 7n },
    ] as ZkFidnaProveOptions[]) {
      const { openings, views } = engine.zkFidna.prove(opts);
      expect(openings.map((o) => o.commitment)).toEqual(views.commitments);
      for (const o of openings) expect(toHex(commitment(o.value, o.blinding))).toBe(toHex(o.commitment));
    }
  });

  it('shows the same challenges when proving and when verifying, and the responses as in the proof', () => {
    const made = engine.zkFidna.prove({ circuitType: 'custom', secretValue: 2n, balanceValue: 5n });
    const checked = engine.zkFidna.verify({ proof: made.proof, publicInput: made.publicInput });
    expect(checked.views).toEqual(made.views);
    expect(made.views.challenges.u).toHaveLength(7);
    for (const c of [made.views.challenges.y, made.views.challenges.w, ...made.views.challenges.u]) expect(c).toMatch(/^[0-9a-f]{64}$/);
    const proofHex = toHex(made.proof);
    for (const r of Object.values(made.views.responses)) expect(proofHex).toContain(r);
    expect(engine.zkFidna.inspect(made.proof)).toEqual(made.views);
  });

  it('publishes the generator digest and the parameters', () => {
    expect(engine.zkFidna.publicParameters()).toEqual({
      curve: 'secp256k1',
      n: 64,
      m: 2,
      generatorsDst: 'ZKFIDNA-V01-CS01-with-secp256k1_XMD:SHA-256_SSWU_RO_',
      generatorDigest: 'a2292a529e749dbdc4ddc53812eed350a5cf8e4bb476d3d9f2cf7fe5ecf7102a',
      version: 1,
    });
  });

  it('puts neither value nor any blinding in the proof, publicInput or views', () => {
    const x = 0x1234_5678_9abc_def1n, y = 0xfedc_ba98_7654_3211n;
    for (const circuitType of ['balance_proof', 'range_proof', 'custom'] as const) {
      const made: ZkFidnaProof = engine.zkFidna.prove(
        circuitType === 'range_proof' ? { circuitType, secretValue: x, min: 1n, max: y } : { circuitType, secretValue: x, balanceValue: y },
      );
      const published = toHex(made.proof) + JSON.stringify({ ...made.publicInput, ...made.views }, (_, v) => (typeof v === 'bigint' ? String(v) : v instanceof Uint8Array ? toHex(v) : v));
      const secrets = [x, circuitType === 'range_proof' ? undefined : y].filter((v) => v !== undefined) as bigint[];
      for (const v of secrets) {
        const be = v.toString(16).padStart(16, '0');
        const le = be.match(/../g)!.reverse().join('');
        expect(published).not.toContain(be);
        expect(published).not.toContain(le);
        expect(published).not.toContain(String(v));
      }
      for (const o of made.openings) expect(published).not.toContain(toHex(o.blinding));
      expect(Object.keys(made.publicInput).sort()).toEqual(circuitType === 'range_proof' ? ['circuitType', 'max', 'min', 'result'] : ['circuitType', 'result']);
    }
  });
});

describe('zk-FIDNA attestation', () => {
  it('signs the proof bytes with ML-DSA-65 under context zk-fidna/v1, and verify reports it', () => {
    const keys = engine.mlDsa65.keygen();
    const made = engine.zkFidna.prove({ circuitType: 'balance_proof', secretValue: 5n, balanceValue: 8n, attest: keys });
    expect(made.attestation!.algorithm).toBe('ML-DSA-65');
    expect(made.attestation!.publicKey).toEqual(keys.publicKey);
    expect(made.attestation!.signature).toHaveLength(3309);
    const context = new TextEncoder().encode('zk-fidna/v1');
    expect(engine.mlDsa65.verify(keys.publicKey, made.proof, made.attestation!.signature, { context })).toBe(true);
    const checked = engine.zkFidna.verify({ proof: made.proof, publicInput: made.publicInput, attestation: made.attestation });
    expect(checked).toMatchObject({ valid: true, details: { ...ALL_TRUE, signatureCheck: true } });
    expect(engine.zkFidna.verify({ proof: made.proof, publicInput: made.publicInput }).details).not.toHaveProperty('signatureCheck');
  });

  it('reports a signature from another key or over other bytes as signatureCheck false', () => {
    const keys = engine.mlDsa65.keygen();
    const a = engine.zkFidna.prove({ circuitType: 'balance_proof', secretValue: 5n, balanceValue: 8n, attest: keys });
    const b = engine.zkFidna.prove({ circuitType: 'balance_proof', secretValue: 5n, balanceValue: 8n, attest: keys });
    const other = engine.mlDsa65.keygen().publicKey;
    for (const attestation of [{ ...a.attestation!, publicKey: other }, b.attestation!]) {
      const checked = engine.zkFidna.verify({ proof: a.proof, publicInput: a.publicInput, attestation });
      expect(checked.valid).toBe(false);
      expect(checked.details).toMatchObject({ ...ALL_TRUE, signatureCheck: false });
    }
  });
});

describe('zk-FIDNA memory', () => {
  it('keeps wasm memory flat over 40 proofs and verifications after the first', () => {
    engine.zkFidna.prove({ circuitType: 'custom', secretValue: 1n, balanceValue: 2n });
    const before = engine.memoryBytes();
    const circuits = ['balance_proof', 'range_proof', 'custom'] as const;
    for (let i = 0; i < 40; i++) {
      const made = engine.zkFidna.prove({ circuitType: circuits[i % 3], secretValue: BigInt(i + 1), balanceValue: BigInt(2 * i + 3) });
      expect(engine.zkFidna.verify({ proof: made.proof, publicInput: made.publicInput }).valid).toBe(true);
    }
    expect(engine.memoryBytes()).toBe(before);
  });
});

describe('zk-FIDNA leaves no secret behind', () => {
  it('keeps no copy of the values or blindings in wasm memory after proving', async () => {
    const wasm = await instantiate();
    const io = new Io(wasm);
    const hashes = { ...sha3Api(wasm, io), ...sha2Api(wasm, io) };
    const zk = zkFidnaApi(wasm, io, mlDsaApi(wasm, io, hashes, 65), hashes.shake256);
    const x = 0x1234_5678_9abc_def1n, y = 0xfedc_ba98_7654_3211n;
    const made = zk.prove({ circuitType: 'custom', secretValue: x, balanceValue: y });
    const heap = new Uint8Array(wasm.memory.buffer);
    const u64 = (v: bigint, little: boolean) => {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setBigUint64(0, v, little);
      return b;
    };
    // Scalars live in the engine as nine 29-bit limbs (u32 little-endian each).
    const limbs = (b: Uint8Array) => {
      const v = toBigInt(b);
      const out = new Uint8Array(36);
      for (let i = 0; i < 9; i++) new DataView(out.buffer).setUint32(4 * i, Number((v >> BigInt(29 * i)) & 0x1fffffffn), true);
      return out;
    };
    const needles = [
      ...[x, y, y - x].flatMap((v) => [u64(v, true), u64(v, false)]),
      ...made.openings.flatMap((o) => [o.blinding, limbs(o.blinding)]),
    ];
    const found = needles.filter((needle) => Buffer.from(heap).indexOf(Buffer.from(needle)) >= 0).map(toHex);
    expect(found).toEqual([]);
  });
});
