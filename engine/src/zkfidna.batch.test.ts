/** zk-FIDNA batch verification: one weighted sum for many proofs, the same answers as verify one by one. */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../test-support/loaded-engine.ts';
import { instantiateTestBuild } from '../test-support/test-build.ts';
import type { ZkFidnaProof, ZkFidnaVerifyArgs } from './index.ts';
import { mlDsaApi } from './mldsa.ts';
import { sha2Api } from './sha2.ts';
import { sha3Api } from './sha3.ts';
import type { EngineExports, Io } from './wasm.ts';
import { zkFidnaApi, ZK_FIDNA_BATCH_MAX } from './zkfidna.ts';

const zk = engine.zkFidna;
let proofs: ZkFidnaProof[];
beforeAll(() => {
  proofs = Array.from({ length: 16 }, (_, i) => {
    const x = BigInt(1000 + 37 * i);
    if (i % 4 === 0) return zk.prove({ circuitType: 'range_proof', secretValue: x, min: 1000n, max: 5000n });
    if (i % 4 === 1) return zk.prove({ circuitType: 'custom', secretValue: x, balanceValue: 9000n });
    if (i % 4 === 2) return zk.prove({ circuitType: 'balance_proof', secretValue: x, balanceValue: 500n, context: new Uint8Array([i]) });
    return zk.prove({ circuitType: 'balance_proof', secretValue: x, balanceValue: 9000n });
  });
});

const argsOf = (p: ZkFidnaProof): ZkFidnaVerifyArgs => ({ proof: p.proof, publicInput: p.publicInput });
const single = (items: ZkFidnaVerifyArgs[]) => items.map((a) => zk.verify(a));

/** Offsets of a proof's fields (empty context): header, commitments, bounds, A, S, T1, T2, t_x, tau_x, mu, L_1, R_1 .. L_7, R_7, a, b, kernel. */
function fieldOffsets(p: ZkFidnaProof): [string, number][] {
  const commitments = p.views.commitments.length;
  const fields: [string, number][] = [['version', 0], ['circuit', 1], ['result', 2], ['m', 3], ['log n', 4], ['context length', 5]];
  for (let i = 0; i < commitments; i++) fields.push([`C_${i}`, 6 + 33 * i + 17]);
  let at = 6 + 33 * commitments;
  if (p.publicInput.circuitType === 'range_proof') {
    fields.push(['min', at + 7], ['max', at + 15]);
    at += 16;
  }
  ['A', 'S', 'T1', 'T2'].forEach((name, i) => fields.push([name, at + 33 * i + 20]));
  ['t_x', 'tau_x', 'mu'].forEach((name, i) => fields.push([name, at + 132 + 32 * i + 31]));
  for (let j = 0; j < 7; j++) fields.push([`L_${j + 1}`, at + 228 + 66 * j + 9], [`R_${j + 1}`, at + 228 + 66 * j + 33 + 9]);
  fields.push(['a', at + 228 + 462 + 31], ['b', at + 228 + 462 + 63]);
  if (p.publicInput.circuitType === 'custom') fields.push(['kernel r', at + 754 + 5], ['kernel s', at + 754 + 63]);
  return fields;
}

describe('zk-FIDNA verifyBatch', () => {
  it('finds every proof of a mixed batch of 16 valid, with the views verify gives', () => {
    const items = proofs.map(argsOf);
    const batch = zk.verifyBatch(items);
    expect(batch.map((r) => r.valid)).toEqual(items.map(() => true));
    expect(batch).toEqual(single(items));
  });

  it('equals verify for a batch of one, valid or not', () => {
    for (const p of proofs.slice(0, 4)) {
      expect(zk.verifyBatch([argsOf(p)])).toEqual([zk.verify(argsOf(p))]);
      const bad = p.proof.slice();
      bad[bad.length - 40] ^= 4;
      expect(zk.verifyBatch([{ ...argsOf(p), proof: bad }])).toEqual([zk.verify({ ...argsOf(p), proof: bad })]);
    }
  });

  it('names exactly the one proof among 16 with a flipped bit, whatever field it is in', () => {
    for (const victim of [0, 1, 2]) {
      for (const [field, offset] of fieldOffsets(proofs[victim]!)) {
        const items = proofs.map(argsOf);
        const bad = proofs[victim]!.proof.slice();
        bad[offset] ^= 1 << (offset % 8);
        items[victim] = { ...items[victim]!, proof: bad };
        const batch = zk.verifyBatch(items);
        expect(batch.map((r, i) => r.valid || i === victim), field).toEqual(items.map(() => true));
        expect(batch[victim]!.valid, field).toBe(false);
        expect(batch[victim], field).toEqual(zk.verify(items[victim]!));
      }
    }
  });

  it('names the one item whose public input is wrong, or whose proof belongs to another statement', () => {
    const items = proofs.map(argsOf);
    items[4] = { ...items[4]!, publicInput: { circuitType: 'range_proof', result: 1, min: 1000n, max: 5001n } };
    items[7] = { ...items[7]!, publicInput: { circuitType: 'balance_proof', result: 0 } };
    const batch = zk.verifyBatch(items);
    expect(batch.map((r) => r.valid)).toEqual(items.map((_, i) => i !== 4 && i !== 7));
    expect(batch[4]!.details.structurallyValid).toBe(false);
  });

  it('a proof whose equation alone fails (a wrong t_x) fails the sum, and only it is named', () => {
    const items = proofs.map(argsOf);
    const p = proofs[5]!;
    const bad = p.proof.slice();
    const tx = 6 + 33 * p.views.commitments.length + 132;
    bad[tx + 31] ^= 1;
    items[5] = { ...items[5]!, proof: bad };
    const batch = zk.verifyBatch(items);
    expect(batch[5]!.details).toMatchObject({ structurallyValid: true, circuitValid: true, mathematicalCheck: false });
    expect(batch.filter((r) => r.valid)).toHaveLength(15);
  });

  it('checks each item\'s attestation, and a bad one fails only its item', () => {
    const keys = engine.mlDsa65.keygen();
    const attested = zk.prove({ circuitType: 'range_proof', secretValue: 2000n, min: 1000n, max: 5000n, attest: keys });
    const attestation = attested.attestation!;
    const forged = { ...attestation, signature: attestation.signature.slice() };
    forged.signature[0] ^= 1;
    const batch = zk.verifyBatch([
      { ...argsOf(attested), attestation },
      { ...argsOf(attested), attestation: forged },
      argsOf(proofs[0]!),
    ]);
    expect(batch.map((r) => r.valid)).toEqual([true, false, true]);
    expect(batch[0]!.details.signatureCheck).toBe(true);
    expect(batch[1]!.details).toMatchObject({ signatureCheck: false, mathematicalCheck: true });
  });

  it('takes 64 proofs and refuses 0, 65, or anything that is not an array', () => {
    const items = Array.from({ length: ZK_FIDNA_BATCH_MAX }, (_, i) => argsOf(proofs[i % 16]!));
    expect(zk.verifyBatch(items).every((r) => r.valid)).toBe(true);
    for (const bad of [[], [...items, items[0]!], 'proofs', null, { length: 1 }]) {
      expect(() => zk.verifyBatch(bad as ZkFidnaVerifyArgs[])).toThrow(expect.objectContaining({ name: 'EngineError', code: 'invalid_argument', param: 'items' }));
    }
  });

  it('refuses a malformed item with an EngineError that names it', () => {
    const good = argsOf(proofs[0]!);
    const cases: [unknown, string, string][] = [
      [null, 'invalid_option', 'items[1]'],
      [{ ...good, proof: 'aa' }, 'invalid_argument', 'items[1].proof'],
      [{ ...good, publicInput: { circuitType: 'nope', result: 1 } }, 'invalid_circuit', 'items[1].publicInput.circuitType'],
      [{ ...good, extra: 1 }, 'invalid_option', 'items[1].extra'],
      [{ ...good, attestation: { publicKey: new Uint8Array(3), signature: new Uint8Array(3) } }, 'invalid_key', 'items[1].attestation.publicKey'],
    ];
    for (const [item, code, param] of cases) {
      expect(() => zk.verifyBatch([good, item as ZkFidnaVerifyArgs]), param).toThrow(expect.objectContaining({ name: 'EngineError', code, param }));
    }
  });

  it('agrees with verify one by one on random mixes of good and tampered proofs', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 15 }), fc.option(fc.integer({ min: 0, max: 900 }), { freq: 3 })), { minLength: 1, maxLength: 12 }), (picks) => {
        const items = picks.map(([which, flip]) => {
          const p = proofs[which]!;
          if (flip === null) return argsOf(p);
          const bad = p.proof.slice();
          bad[flip % bad.length] ^= 1 << (flip % 8);
          return { ...argsOf(p), proof: bad };
        });
        expect(zk.verifyBatch(items)).toEqual(single(items));
      }),
      { numRuns: 12 },
    );
  });

  it('adds the proofs in one sum: a valid batch verifies none of them alone', async () => {
    const { wasm, io } = await instantiateTestBuild();
    const hashes = { ...sha3Api(wasm, io), ...sha2Api(wasm, io) };
    let singles = 0;
    // A copy of the exports with zkVerify counted (the instance's own exports object is frozen).
    const counting: EngineExports = { ...wasm, zkVerify: (len: number) => (singles++, wasm.zkVerify(len)) };
    const api = zkFidnaApi(counting, io as Io, mlDsaApi(wasm, io, hashes, 65), hashes.shake256);
    const items = proofs.map(argsOf);
    expect(api.verifyBatch(items).every((r) => r.valid)).toBe(true);
    expect(singles).toBe(0);
    const bad = proofs[9]!.proof.slice();
    bad[200] ^= 2;
    items[9] = { ...items[9]!, proof: bad };
    expect(api.verifyBatch(items).map((r) => r.valid)).toEqual(items.map((_, i) => i !== 9));
    expect(singles).toBeLessThanOrEqual(16);
  });

  it('refuses zkBatchAdd outside a batch and past 64 proofs, and zkBatchFinish without a batch', async () => {
    const { wasm } = await instantiateTestBuild();
    expect(wasm.zkBatchFinish()).toBeLessThan(0);
    expect(wasm.zkBatchAdd(0)).toBeLessThan(0);
    wasm.zkBatchBegin();
    for (let i = 0; i < ZK_FIDNA_BATCH_MAX; i++) expect(wasm.zkBatchAdd(0)).toBe(0);
    expect(wasm.zkBatchAdd(0)).toBeLessThan(0);
    expect(wasm.zkBatchFinish()).toBe(1);
    expect(wasm.zkBatchFinish()).toBeLessThan(0);
  });
});
