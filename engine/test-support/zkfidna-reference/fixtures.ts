/**
 * Proofs shared by this folder's tests, made once per test worker (a proof costs about a second of
 * BigInt arithmetic): the four fixed-rng vector cases, with their expected SHA-256 and size.
 */
import type { ProveInput, ProveOutput } from './api-types.ts';
import { ZkRefError } from './errors.ts';
import { prove } from './prove.ts';

/** rng = 00 01 .. 1f, the rng of the published proof vectors. */
export const VECTOR_RNG = Uint8Array.from({ length: 32 }, (_, i) => i);

export interface VectorCase {
  name: string;
  input: ProveInput;
  size: number;
  sha256: string;
  result: 0 | 1;
}

export const VECTOR_CASES: VectorCase[] = [
  {
    name: 'balance_proof X=650000 Y=21930000',
    input: { circuitType: 'balance_proof', secretValue: 650000n, balanceValue: 21930000n, rng: VECTOR_RNG },
    size: 826,
    sha256: 'da3bccd76e77e334ade2df098f8db7844d312184a70f5b08e693e9cb4a55e675',
    result: 1,
  },
  {
    name: 'balance_proof X=21930000 Y=650000',
    input: { circuitType: 'balance_proof', secretValue: 21930000n, balanceValue: 650000n, rng: VECTOR_RNG },
    size: 826,
    sha256: '264d855e7016fd9d5f6af08c62aba35035cdd65c1eb4f591dc693b9fe37d0743',
    result: 0,
  },
  {
    name: 'range_proof X=650000 in [1000, 1000000]',
    input: { circuitType: 'range_proof', secretValue: 650000n, balanceValue: 0n, min: 1000n, max: 1000000n, rng: VECTOR_RNG },
    size: 809,
    sha256: '5c8aa6a82edf862d32170d078e23b0b413fc90b98b7421365858c8a74cac1d12',
    result: 1,
  },
  {
    name: 'custom X=650000 Y=21930000',
    input: { circuitType: 'custom', secretValue: 650000n, balanceValue: 21930000n, rng: VECTOR_RNG },
    size: 923,
    sha256: '5216e9d965f5584878fffe0a25e6d114db0d7a48eceb013b2729e4bf821bf9e8',
    result: 1,
  },
];

const made = new Map<string, ProveOutput>();

/** The proof of a vector case, by the start of its name ('balance_proof X=650000', 'custom', ...). */
export function vectorProof(namePrefix: string): ProveOutput {
  const c = VECTOR_CASES.find((v) => v.name.startsWith(namePrefix));
  if (!c) throw new Error(`no vector case ${namePrefix}`);
  let out = made.get(c.name);
  if (!out) {
    out = prove(c.input);
    made.set(c.name, out);
  }
  return out;
}

/** The ZkRefError code fn throws, or 'no error' / 'other error' (so a test can check the right refusal). */
export function errorCode(fn: () => unknown): string {
  try {
    fn();
    return 'no error';
  } catch (e) {
    return e instanceof ZkRefError ? e.code : 'other error';
  }
}
