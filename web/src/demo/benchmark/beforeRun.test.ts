import { describe, expect, it } from 'vitest';
import { ALGORITHMS } from '../algorithms.ts';
import { beforeRunFigures, beforeRunNote, EXACT_SIZES } from './beforeRun.ts';

const stored = { averageSignatureSize: 3309, averageGenerationTime: 2, averageVerificationTime: 1, operations: 40 };
/** The prototype's invented sizes, which must never come back. */
const PROTOTYPE_SIZES = ['4,096', '4,160', '4,259', '1,024', '/ 64'];

describe('stat cards before a run', () => {
  it('show the exact signature sizes: 3,309 B for Dilion and 3,373 B for both QES2 modes', () => {
    expect(beforeRunFigures('dilion', undefined)[0]).toBe('3,309 B');
    expect(beforeRunFigures('qes2-ecdsa', undefined)[0]).toBe('3,373 B');
    expect(beforeRunFigures('qes2-schnorr', undefined)[0]).toBe('3,373 B');
  });

  it('know the public keys: 1,952 B, and 1,985 B (ECDSA) or 1,984 B (Schnorr) for QES2', () => {
    expect([EXACT_SIZES.dilion.beside, EXACT_SIZES['qes2-ecdsa'].beside, EXACT_SIZES['qes2-schnorr'].beside]).toEqual([
      'its public key is 1,952 B',
      'its public key is 1,985 B',
      'its public key is 1,984 B',
    ]);
    expect(beforeRunNote('qes2-schnorr', 'QES2_Schnorr', undefined)).toContain('exact signature size (its public key is 1,984 B)');
  });

  it('show zk-FIDNA’s exact 826 B balance proof, and say the 3,309 B attestation is not counted in it', () => {
    expect(beforeRunFigures('zk-fidna', undefined)).toEqual(['826 B', '—', '—', '—', '—', '—', '—']);
    expect(beforeRunFigures('zk-fidna', stored).slice(0, 4)).toEqual(['826 B', '2.00 ms', '1.00 ms', '3.00 ms']);
    expect(beforeRunNote('zk-fidna', 'zk-FIDNA', undefined)).toContain(
      'the size is zk-FIDNA’s exact balance_proof size with an empty context (the ML-DSA-65 attestation adds 3,309 B beside it)',
    );
  });

  it('never show a prototype size for any algorithm', () => {
    for (const { id } of ALGORITHMS) {
      const text = [...beforeRunFigures(id, undefined), ...beforeRunFigures(id, stored), beforeRunNote(id, id, stored)].join(' | ');
      for (const size of PROTOTYPE_SIZES) expect(text, id).not.toContain(size);
    }
  });

  it('take times only from stored operations and guess no min or max from them', () => {
    expect(beforeRunFigures('dilion', stored)).toEqual(['3,309 B', '2.00 ms', '1.00 ms', '3.00 ms', '333', '—', '—']);
    expect(beforeRunFigures('dilion', undefined).slice(1)).toEqual(['—', '—', '—', '—', '—', '—']);
    expect(beforeRunNote('dilion', 'Dilion', stored)).toContain('averages over 40 stored operations');
  });

  it('show no verification time, and no average, when the server has stored signatures but no verifications', () => {
    const signedOnly = { averageGenerationTime: 7.06, averageVerificationTime: 0, operations: 1 };
    expect(beforeRunFigures('dilion', signedOnly)).toEqual(['3,309 B', '7.06 ms', '—', '—', '—', '—', '—']);
    expect(beforeRunNote('dilion', 'Dilion', signedOnly)).toContain('averages over 1 stored operation;');
  });
});
