/** zk-FIDNA's proof vectors: rng = 00 01 .. 1f, empty context, SHA-256 of the proof bytes. */
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { toHex } from '../test-support/bytes.ts';
import { engine } from '../test-support/loaded-engine.ts';
import type { ZkFidnaProveOptions } from './index.ts';

const rng = Uint8Array.from({ length: 32 }, (_, i) => i);

const VECTORS: [string, Omit<ZkFidnaProveOptions, 'rng'>, number, string][] = [
  ['balance_proof X = 650000, Y = 21930000 (result 1)', { circuitType: 'balance_proof', secretValue: 650000n, balanceValue: 21930000n }, 826, 'da3bccd76e77e334ade2df098f8db7844d312184a70f5b08e693e9cb4a55e675'],
  ['balance_proof X = 21930000, Y = 650000 (result 0)', { circuitType: 'balance_proof', secretValue: 21930000n, balanceValue: 650000n }, 826, '264d855e7016fd9d5f6af08c62aba35035cdd65c1eb4f591dc693b9fe37d0743'],
  ['range_proof X = 650000 in [1000, 1000000]', { circuitType: 'range_proof', secretValue: 650000n, min: 1000n, max: 1000000n }, 809, '5c8aa6a82edf862d32170d078e23b0b413fc90b98b7421365858c8a74cac1d12'],
  ['custom X = 650000 out of Y = 21930000', { circuitType: 'custom', secretValue: 650000n, balanceValue: 21930000n }, 923, '5216e9d965f5584878fffe0a25e6d114db0d7a48eceb013b2729e4bf821bf9e8'],
];

describe('zk-FIDNA proof vectors', () => {
  for (const [name, opts, size, digest] of VECTORS) {
    it(`reproduces ${name} byte for byte and verifies it`, () => {
      const { proof, publicInput } = engine.zkFidna.prove({ ...opts, rng });
      expect(proof.length).toBe(size);
      expect(toHex(sha256(proof))).toBe(digest);
      expect(engine.zkFidna.verify({ proof, publicInput }).valid).toBe(true);
    });
  }

  it('verifies all of them in one batch, and in batches with each one tampered in turn', () => {
    const items = VECTORS.map(([, opts]) => {
      const { proof, publicInput } = engine.zkFidna.prove({ ...opts, rng });
      return { proof, publicInput };
    });
    expect(engine.zkFidna.verifyBatch(items).map((r) => r.valid)).toEqual([true, true, true, true]);
    for (let bad = 0; bad < items.length; bad++) {
      const tampered = items.map((item, i) => (i === bad ? { ...item, proof: item.proof.map((b, j) => (j === 300 ? b ^ 1 : b)) } : item));
      expect(engine.zkFidna.verifyBatch(tampered).map((r) => r.valid)).toEqual(items.map((_, i) => i !== bad));
    }
  });

  it('gives the same bytes whether the values are bigints, decimal strings or numbers', () => {
    const a = engine.zkFidna.prove({ circuitType: 'balance_proof', secretValue: 650000n, balanceValue: 21930000n, rng }).proof;
    const b = engine.zkFidna.prove({ circuitType: 'balance_proof', secretValue: '650000', balanceValue: 21930000, rng }).proof;
    expect(toHex(b)).toBe(toHex(a));
  });

  it('changes every commitment and the proof when one rng byte changes', () => {
    const other = rng.slice();
    other[31] ^= 1;
    const a = engine.zkFidna.prove({ ...VECTORS[0][1], rng });
    const b = engine.zkFidna.prove({ ...VECTORS[0][1], rng: other });
    expect(toHex(b.views.commitments[0])).not.toBe(toHex(a.views.commitments[0]));
    expect(toHex(b.views.commitments[1])).not.toBe(toHex(a.views.commitments[1]));
    expect(engine.zkFidna.verify({ proof: b.proof, publicInput: b.publicInput }).valid).toBe(true);
  });
});
