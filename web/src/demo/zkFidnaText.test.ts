import { describe, expect, it } from 'vitest';
import { engine } from '../../../engine/test-support/loaded-engine.ts';
import { createLocalZkFidna } from '../workers/zkfidna-local.ts';
import { amountOf, detailRows, proofRows } from './zkFidnaText.ts';

const local = createLocalZkFidna(engine);

const rowsOf = (rows: { label: string; value: unknown }[]) => Object.fromEntries(rows.map((r) => [r.label, r.value]));

describe('the zk-FIDNA tab’s output', () => {
  it('names both commitments of a balance proof, previews 5 of the 11 challenges and shows the five responses', () => {
    const proved = local.prove({ secretValue: 650000, balanceValue: 21930000 });
    const rows = rowsOf(proofRows(proved));
    expect(rows['Statement']).toBe('balance_proof · result 1 (Y ≥ X)');
    expect(rows['Commitment C_X']).toBe(`${proved.proof.commitment[0]!.slice(0, 32)}…`);
    expect(rows['Commitment C_Y']).toBe(`${proved.proof.commitment[1]!.slice(0, 32)}…`);
    // y, z, x, w and the seven inner-product challenges u₁…u₇.
    expect(rows['Challenges']).toMatch(/^\[([0-9a-f]{16}…, ){5}… 6 more\]$/);
    expect(['t_x', 'τ_x', 'μ', 'a', 'b'].map((n) => rows[`Response ${n}`])).toEqual(proved.proof.response.map((v) => `${v.slice(0, 32)}…`));
    expect(rows['Proof']).toContain('(826 bytes)');
    expect(rows['Attestation']).toBe('ML-DSA-65 · 3,309 bytes');
    expect(rows['Openings']).toBe('2 blindings, for you alone');
  });

  it('says what each circuit states, and never shows an amount a verifier would not see', () => {
    const low = rowsOf(proofRows(local.prove({ secretValue: 21930000, balanceValue: 650000 })));
    expect(low['Statement']).toBe('balance_proof · result 0 (Y < X)');
    expect(JSON.stringify(low)).not.toMatch(/21930000|650000/);
    const range = rowsOf(proofRows(local.prove({ secretValue: 650000, balanceValue: 21930000, circuitType: 'range_proof' })));
    expect(range['Statement']).toBe('range_proof · X in [1, 21930000] (public bounds)');
    const custom = rowsOf(proofRows(local.prove({ secretValue: 650000, balanceValue: 21930000, circuitType: 'custom' })));
    expect(Object.keys(custom).filter((k) => k.startsWith('Commitment'))).toEqual(['Commitment C_Y (balance in)', 'Commitment C_P (payment X)', 'Commitment C_R (change Y − X)']);
  });

  it('lists every verify check, with a missing attestation as not sent rather than failed', () => {
    const proved = local.prove({ secretValue: 5, balanceValue: 9 });
    const attested = rowsOf(detailRows(local.verify({ proof: proved.proof, publicInput: proved.publicInput }).details));
    expect(Object.values(attested)).toEqual(Array(6).fill('✓ passed'));
    const bare = rowsOf(detailRows(local.verify({ proof: proved.proof.encoded, publicInput: { result: 0, circuitType: 'balance_proof' } }).details));
    expect(bare['structurallyValid']).toBe('✗ failed');
    expect(bare['signatureCheck']).toBe('— no attestation sent');
  });
});

describe('amounts typed into the number inputs', () => {
  it('are numbers, exact decimal strings beyond 2^53, undefined when empty, never truncated', () => {
    expect(amountOf('650000')).toBe(650000);
    expect(amountOf(' 42 ')).toBe(42);
    expect(amountOf('18446744073709551615')).toBe('18446744073709551615');
    expect(amountOf('009007199254740993')).toBe('9007199254740993');
    expect(amountOf('')).toBeUndefined();
    expect(amountOf('1e3')).toBe(1000);
    expect(amountOf('1.5')).toBe(1.5);
    expect(amountOf('-5')).toBe(-5);
    expect(amountOf('abc')).toBeNaN();
  });

  it('keep a whole number written with an exponent exact, however large', () => {
    expect(amountOf('1e30')).toBe(`1${'0'.repeat(30)}`);
    expect(amountOf('1.8E19')).toBe('18000000000000000000');
    expect(amountOf('1.50e1')).toBe(15);
    expect(amountOf('2.5e-1')).toBe(0.25);
    expect(amountOf('1.25e1')).toBe(12.5);
  });

  it('get from the prover the one sentence that is true of them (docs/product.md §5)', () => {
    const refusal = (secret: string, balance = '10') => {
      try {
        local.prove({ secretValue: amountOf(secret), balanceValue: amountOf(balance) });
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refusal('1e30')).toBe('Secret value must be at most 18446744073709551615 (2^64 − 1)');
    expect(refusal('1.5')).toBe('Secret value must be a whole number');
    expect(refusal('abc')).toBe('Secret value must be a number');
    expect(refusal('0')).toBe('Secret value must be a positive number');
    expect(refusal('')).toBe('Secret value is required');
    expect(refusal('5', '2.5')).toBe('Balance value must be a whole number');
    expect(refusal('5', '-1')).toBe('Balance value must be non-negative');
    expect(refusal('1e19', '2e19')).toBe('Balance value must be at most 18446744073709551615 (2^64 − 1)');
    expect(refusal('9007199254740993', '18446744073709551615')).toBeNull();
  });
});
