/** verify(): every kind of tampering and malformed input is rejected, with the right reason. */
import { describe, expect, it } from 'vitest';
import type { ProveOutput, PublicInput, VerifyInput } from './api-types.ts';
import { vectorProof } from './fixtures.ts';
import { generators } from './generators.ts';
import { encodePoint, mul, Point } from './points.ts';
import { N, P, powMod, scalarToBytes, u64be } from './scalar.ts';
import { verify } from './verify.ts';

/** Byte offsets of a v1 proof with an empty context and m = 2 (7 L/R rounds). */
function layout(commitments: number, bounds: boolean) {
  const regions: [string, number, number][] = [['header', 0, 6]];
  let at = 6;
  const add = (name: string, len: number) => {
    regions.push([name, at, len]);
    at += len;
  };
  for (let i = 0; i < commitments; i++) add(`commitment ${i}`, 33);
  if (bounds) add('bounds', 16);
  for (const name of ['A', 'S', 'T1', 'T2']) add(name, 33);
  for (const name of ['t_x', 'tau_x', 'mu']) add(name, 32);
  for (let j = 1; j <= 7; j++) {
    add(`L${j}`, 33);
    add(`R${j}`, 33);
  }
  add('a', 32);
  add('b', 32);
  return { regions, at: (name: string) => regions.find((r) => r[0] === name)![1] };
}

const balance = (): ProveOutput => vectorProof('balance_proof X=650000');
const BAL = layout(2, false);

function withBytes(out: VerifyInput, offset: number, bytes: Uint8Array): VerifyInput {
  const proof = out.proof.slice();
  proof.set(bytes, offset);
  return { proof, publicInput: out.publicInput };
}

const flip = (out: VerifyInput, offset: number): VerifyInput => withBytes(out, offset, Uint8Array.of(out.proof[offset] ^ 1));
const withPublic = (out: VerifyInput, change: Partial<PublicInput>): VerifyInput => ({ proof: out.proof, publicInput: { ...out.publicInput, ...change } });
const reasonOf = (input: VerifyInput) => {
  const r = verify(input);
  expect(r.valid).toBe(false);
  return r.reason;
};

describe('verify rejects a flipped byte', () => {
  it('in every field of a balance proof (last byte of each field)', () => {
    for (const [name, start, len] of BAL.regions.slice(1)) {
      expect(verify(flip(balance(), start + len - 1)).valid, name).toBe(false);
    }
  });

  it('in each header byte, for its own reason', () => {
    expect([0, 1, 2, 3, 4, 5].map((i) => reasonOf(flip(balance(), i)))).toEqual([
      'bad_version',
      'unknown_circuit',
      'header_mismatch',
      'bad_aggregation',
      'bad_bit_length',
      'truncated',
    ]);
  });

  it('in the bounds of a range proof', () => {
    expect(reasonOf(flip(vectorProof('range_proof'), layout(1, true).at('bounds') + 15))).toBe('header_mismatch');
  });

  it('in the kernel of a custom proof: the range proof holds, the balance does not', () => {
    const r = verify(flip(vectorProof('custom'), 923 - 1));
    expect(r).toMatchObject({ valid: false, reason: 'bad_kernel', details: { mathematicalCheck: true, balanceCheck: false } });
  });
});

describe('verify rejects changed statements', () => {
  it('swapped commitments C_X and C_Y', () => {
    const p = balance();
    const swapped = p.proof.slice();
    swapped.set(p.proof.subarray(39, 72), 6);
    swapped.set(p.proof.subarray(6, 39), 39);
    expect(verify({ proof: swapped, publicInput: p.publicInput })).toMatchObject({ reason: 'equation_fails', details: { structurallyValid: true } });
  });

  it('swapped payment and change commitments of a custom proof', () => {
    const p = vectorProof('custom');
    const swapped = p.proof.slice();
    swapped.set(p.proof.subarray(72, 105), 39);
    swapped.set(p.proof.subarray(39, 72), 72);
    expect(reasonOf({ proof: swapped, publicInput: p.publicInput })).toBe('equation_fails');
  });

  it('a wrong result bit in publicInput, and in both header and publicInput', () => {
    expect(reasonOf(withPublic(balance(), { result: 0 }))).toBe('header_mismatch');
    expect(reasonOf(withPublic(flip(balance(), 2), { result: 0 }))).toBe('equation_fails');
  });

  it('a wrong circuit in publicInput', () => {
    expect(reasonOf(withPublic(balance(), { circuitType: 'custom' }))).toBe('header_mismatch');
    expect(reasonOf(withPublic(balance(), { circuitType: 'nope' as PublicInput['circuitType'] }))).toBe('header_mismatch');
  });

  it('bounds that differ from the header, bounds on balance_proof, a missing max', () => {
    const range = vectorProof('range_proof');
    expect(reasonOf(withPublic(range, { max: 1000001n }))).toBe('header_mismatch');
    expect(reasonOf(withPublic(balance(), { min: 1n, max: 5n }))).toBe('header_mismatch');
    expect(reasonOf(withPublic(range, { max: undefined }))).toBe('bad_public_input');
  });

  it('other bounds in both header and publicInput', () => {
    const range = vectorProof('range_proof');
    const at = layout(1, true).at('bounds');
    expect(reasonOf(withPublic(withBytes(range, at + 8, u64be(999999n)), { max: 999999n }))).toBe('equation_fails');
    expect(reasonOf(withPublic(withBytes(range, at, u64be(2000000n)), { min: 2000000n }))).toBe('bad_statement');
  });

  it('result 0 on a range or custom proof', () => {
    expect(reasonOf(withPublic(flip(vectorProof('range_proof'), 2), { result: 0 }))).toBe('bad_result');
    expect(reasonOf(withPublic(flip(vectorProof('custom'), 2), { result: 0 }))).toBe('bad_result');
  });

  it('a commitment that makes a derived V_j the identity (C_X = min·B)', () => {
    const range = vectorProof('range_proof');
    expect(reasonOf(withBytes(range, 6, encodePoint(mul(generators().B, 1000n))))).toBe('identity_v');
  });

  it('a custom balance commitment that makes the kernel excess the identity (C_Y = C_P + C_R)', () => {
    const p = vectorProof('custom');
    const [CP, CR] = [39, 72].map((o) => Point.fromBytes(p.proof.subarray(o, o + 33)));
    expect(reasonOf(withBytes(p, 6, encodePoint(CP.add(CR))))).toBe('identity_kernel_excess');
  });
});

/** An x for which x³ + 7 is not a square mod p (Euler's criterion), so no point has it. */
function xOffCurve(): bigint {
  for (let x = 1n; ; x++) if (powMod(x ** 3n + 7n, (P - 1n) / 2n, P) === P - 1n) return x;
}

const xBytes = (x: bigint) => Uint8Array.from(Buffer.from(x.toString(16).padStart(64, '0'), 'hex'));

describe('verify rejects malformed encodings', () => {
  const A = BAL.at('A');

  it('a scalar >= n (t_x = n, then b = 2^256 - 1)', () => {
    expect(reasonOf(withBytes(balance(), BAL.at('t_x'), xBytes(N)))).toBe('non_canonical_scalar');
    expect(reasonOf(withBytes(balance(), BAL.at('b'), new Uint8Array(32).fill(0xff)))).toBe('non_canonical_scalar');
  });

  it('decodes the largest canonical scalar, n - 1 (the equation then fails)', () => {
    expect(reasonOf(withBytes(balance(), BAL.at('t_x'), scalarToBytes(N - 1n)))).toBe('equation_fails');
  });

  it('a point with x >= p (x = p, and x = 2^256 - 1)', () => {
    expect(reasonOf(withBytes(balance(), A, Uint8Array.of(2, ...xBytes(P))))).toBe('x_not_below_p');
    expect(reasonOf(withBytes(balance(), BAL.at('R7'), Uint8Array.of(3, ...new Uint8Array(32).fill(0xff))))).toBe('x_not_below_p');
  });

  it('a point whose x is not on the curve', () => {
    expect(reasonOf(withBytes(balance(), A, Uint8Array.of(2, ...xBytes(xOffCurve()))))).toBe('not_on_curve');
    expect(reasonOf(withBytes(balance(), 6, Uint8Array.of(3, ...xBytes(xOffCurve()))))).toBe('not_on_curve');
  });

  it('a point with a prefix other than 02/03 (identity 00, uncompressed 04)', () => {
    expect(reasonOf(withBytes(balance(), A, Uint8Array.of(0)))).toBe('bad_prefix');
    expect(reasonOf(withBytes(balance(), BAL.at('L1'), Uint8Array.of(4)))).toBe('bad_prefix');
    expect(reasonOf(withBytes(balance(), A, new Uint8Array(33)))).toBe('bad_prefix');
  });

  it('truncated and extra bytes', () => {
    const p = balance();
    expect(reasonOf({ proof: p.proof.subarray(0, 825), publicInput: p.publicInput })).toBe('truncated');
    expect(reasonOf({ proof: p.proof.subarray(0, 5), publicInput: p.publicInput })).toBe('truncated');
    expect(reasonOf({ proof: new Uint8Array(0), publicInput: p.publicInput })).toBe('truncated');
    expect(reasonOf({ proof: Uint8Array.of(...p.proof, 0), publicInput: p.publicInput })).toBe('wrong_length');
  });

  it('input that is not a proof at all, without throwing', () => {
    const p = balance();
    expect(reasonOf({ proof: 'AAEC' as unknown as Uint8Array, publicInput: p.publicInput })).toBe('bad_input');
    expect(reasonOf({ proof: p.proof, publicInput: null as unknown as PublicInput })).toBe('bad_input');
    expect(reasonOf(undefined as unknown as VerifyInput)).toBe('bad_input');
    expect(reasonOf(withPublic(p, { context: 'x' as unknown as Uint8Array }))).toBe('bad_input');
  });
});
