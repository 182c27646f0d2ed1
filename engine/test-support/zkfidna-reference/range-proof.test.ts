/** The aggregated range proof on its own, below the circuits: m = 1 and 2, and values it must refuse. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCode, vectorProof } from './fixtures.ts';
import { generators } from './generators.ts';
import { proveRange } from './range-prover.ts';
import type { RangeProof } from './range-proof.ts';
import { checkRangeEquation, foldingScalars, replayRange } from './range-verifier.ts';
import type { Point } from './points.ts';
import { N } from './scalar.ts';
import { Transcript } from './transcript.ts';
import { verify } from './verify.ts';

const rng = new Uint8Array(32).fill(0xa5);

function verifies(V: Point[], proof: RangeProof): boolean {
  const t = new Transcript();
  const ch = replayRange(t, V, proof);
  return ch !== null && checkRangeEquation(V, proof, ch, t.challenge('batch'));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('aggregated range proof', () => {
  it('proves and verifies one value (m = 1, 6 rounds)', () => {
    const { proof, V } = proveRange(new Transcript(), [12345n], [99n], rng);
    expect(proof.L).toHaveLength(6);
    expect(verifies(V, proof)).toBe(true);
  });

  const top = (1n << 64n) - 1n;
  const m2 = proveRange(new Transcript(), [0n, top], [5n, N - 5n], rng);

  it('proves and verifies two values at the ends of the range, 0 and 2^64 - 1 (m = 2, 7 rounds)', () => {
    expect(m2.proof.L).toHaveLength(7);
    expect(verifies(m2.V, m2.proof)).toBe(true);
  });

  it('fails for commitments other than the proven ones', () => {
    const { B } = generators();
    expect(verifies([m2.V[0].add(B), m2.V[1]], m2.proof)).toBe(false);
    expect(verifies([m2.V[1], m2.V[0]], m2.proof)).toBe(false);
  });

  it('fails when a transcript starts from a different statement', () => {
    const t = new Transcript();
    t.append('context', Uint8Array.of(1));
    const ch = replayRange(t, m2.V, m2.proof)!;
    expect(checkRangeEquation(m2.V, m2.proof, ch, t.challenge('batch'))).toBe(false);
  });

  it('cannot make a verifying proof of a value >= 2^64, forced through the prover', () => {
    const { proof, V } = proveRange(new Transcript(), [1n << 64n, 7n], [3n, 4n], rng);
    expect(verifies(V, proof)).toBe(false);
  });

  it('builds the folding scalars so that s_i · s_(nm-1-i) = 1 and s_(2^k - 1) = Π u_j', () => {
    const u = [3n, 5n, 7n];
    const s = foldingScalars(u);
    expect(s).toHaveLength(8);
    for (let i = 0; i < 8; i++) expect((s[i] * s[7 - i]) % N).toBe(1n);
    expect(s[7]).toBe(105n);
    // bit 2 of i = 4 is folded by round 1 (u = 3): s_4 = s_0 · 3².
    expect((s[4] * 3n * 5n * 7n) % N).toBe(3n * 3n);
  });
});

describe('zero challenges', () => {
  function forceZero(label: string): void {
    const original = Transcript.prototype.challenge;
    vi.spyOn(Transcript.prototype, 'challenge').mockImplementation(function (this: Transcript, l: string) {
      return l === label ? 0n : original.call(this, l);
    });
  }

  it('make the prover ask for new randomness', () => {
    forceZero('x');
    expect(errorCode(() => proveRange(new Transcript(), [1n], [1n], rng))).toBe('retry_randomness');
  });

  it('make the verifier reject an otherwise valid proof', () => {
    const out = vectorProof('balance_proof X=650000');
    forceZero('u');
    expect(verify(out)).toMatchObject({ valid: false, reason: 'zero_challenge' });
  });

  it('reject on the batching weight too', () => {
    const out = vectorProof('balance_proof X=650000');
    forceZero('batch');
    expect(verify(out)).toMatchObject({ valid: false, reason: 'zero_challenge' });
  });
});
