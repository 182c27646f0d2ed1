/** prove(): edge values of every circuit, openings, context binding, and refused requests. */
import { describe, expect, it } from 'vitest';
import type { ProveInput } from './api-types.ts';
import { decodeProof } from './encoding.ts';
import { errorCode, vectorProof } from './fixtures.ts';
import { generators } from './generators.ts';
import { mul } from './points.ts';
import { prove } from './prove.ts';
import { verify } from './verify.ts';

const TOP = (1n << 64n) - 1n;
const rng = new Uint8Array(32).fill(7);
const base = { rng, balanceValue: 0n };

describe('prove: edge values verify', () => {
  const edges: [string, ProveInput, 0 | 1][] = [
    ['balance Y = 0 (result 0 proves Y < X)', { ...base, circuitType: 'balance_proof', secretValue: 1n, balanceValue: 0n }, 0],
    ['balance X = Y = 1 (result 1 with Y - X = 0)', { ...base, circuitType: 'balance_proof', secretValue: 1n, balanceValue: 1n }, 1],
    ['balance X = Y = 2^64 - 1', { ...base, circuitType: 'balance_proof', secretValue: TOP, balanceValue: TOP }, 1],
    ['balance X = 2^64 - 1 > Y = 0 (X - Y - 1 = 2^64 - 2)', { ...base, circuitType: 'balance_proof', secretValue: TOP, balanceValue: 0n }, 0],
    ['range [0, 2^64 - 1] with X = 2^64 - 1', { ...base, circuitType: 'range_proof', secretValue: TOP, min: 0n, max: TOP }, 1],
    ['range min = max = X', { ...base, circuitType: 'range_proof', secretValue: 5n, min: 5n, max: 5n }, 1],
    ['custom X = Y = 1 (no change)', { ...base, circuitType: 'custom', secretValue: 1n, balanceValue: 1n }, 1],
  ];
  for (const [name, input, result] of edges) {
    it(name, () => {
      const out = prove(input);
      expect(out.publicInput.result).toBe(result);
      expect(verify(out).valid).toBe(true);
    });
  }
});

describe('prove: outputs', () => {
  const out = prove({ rng, circuitType: 'custom', secretValue: 30n, balanceValue: 100n, context: Uint8Array.of(9, 9) });

  it('returns one opening per public commitment, in the proof order (custom: balance, payment, change)', () => {
    const decoded = decodeProof(out.proof);
    if (!decoded.ok) throw new Error(decoded.reason);
    const { B, Btilde } = generators();
    expect(out.openings.map((o) => o.value)).toEqual([100n, 30n, 70n]);
    decoded.proof.commitments.forEach((C, i) => {
      expect(C.equals(mul(B, out.openings[i].value).add(mul(Btilde, out.openings[i].blinding)))).toBe(true);
    });
  });

  it('binds the context: the same proof fails under another or no context', () => {
    expect(out.publicInput.context).toEqual(Uint8Array.of(9, 9));
    expect(verify(out).valid).toBe(true);
    expect(verify({ ...out, publicInput: { ...out.publicInput, context: Uint8Array.of(9, 8) } }).reason).toBe('header_mismatch');
    expect(verify({ ...out, publicInput: { ...out.publicInput, context: undefined } }).reason).toBe('header_mismatch');
  });

  it('gives another proof under another rng, with the same header (determinism is pinned by the vectors)', () => {
    const fixed = vectorProof('balance_proof X=650000');
    const other = prove({ rng, circuitType: 'balance_proof', secretValue: 650000n, balanceValue: 21930000n });
    expect(other.proof.length).toBe(fixed.proof.length);
    expect(other.proof.subarray(6)).not.toEqual(fixed.proof.subarray(6));
    expect(other.proof.subarray(0, 6)).toEqual(fixed.proof.subarray(0, 6));
  });

  it('defaults range_proof bounds to [1, balanceValue] and echoes them', () => {
    expect(prove({ rng, circuitType: 'range_proof', secretValue: 3n, balanceValue: 10n }).publicInput).toMatchObject({ min: 1n, max: 10n });
  });
});

describe('prove: refused requests', () => {
  const ok: ProveInput = { rng, circuitType: 'balance_proof', secretValue: 5n, balanceValue: 10n };
  const cases: [string, Partial<ProveInput> | Record<string, unknown>, string][] = [
    ['X = 0', { secretValue: 0n }, 'value_out_of_range'],
    ['X = 2^64', { secretValue: 1n << 64n }, 'value_out_of_range'],
    ['Y < 0', { balanceValue: -1n }, 'value_out_of_range'],
    ['a number instead of a bigint', { secretValue: 5 }, 'invalid_input'],
    ['an rng of 31 bytes', { rng: new Uint8Array(31) }, 'invalid_input'],
    ['a context of 256 bytes', { context: new Uint8Array(256) }, 'invalid_input'],
    ['an unknown circuit', { circuitType: 'balance' }, 'invalid_input'],
    ['bounds on balance_proof', { min: 1n }, 'invalid_input'],
    ['range with min > max', { circuitType: 'range_proof', min: 9n, max: 8n }, 'invalid_input'],
    ['range with max >= 2^64', { circuitType: 'range_proof', max: 1n << 64n }, 'value_out_of_range'],
    ['range with X above max', { circuitType: 'range_proof', min: 1n, max: 4n }, 'statement_false'],
    ['range with X below min', { circuitType: 'range_proof', min: 6n, max: 40n }, 'statement_false'],
    ['custom with Y < X', { circuitType: 'custom', balanceValue: 4n }, 'statement_false'],
  ];
  for (const [name, change, code] of cases) {
    it(`refuses ${name} with ${code}`, () => {
      expect(errorCode(() => prove({ ...ok, ...change } as ProveInput))).toBe(code);
    });
  }
});
