/** Fixed-rng proofs reproduce the published proof vectors byte for byte, and verify. */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { decodeProof, encodeProof, proofLength } from './encoding.ts';
import { VECTOR_CASES, vectorProof } from './fixtures.ts';
import { verify } from './verify.ts';

describe('zk-FIDNA proof vectors (rng = 00..1f, empty context)', () => {
  for (const c of VECTOR_CASES) {
    it(`${c.name}: ${c.size} bytes with SHA-256 ${c.sha256.slice(0, 16)}…`, () => {
      const out = vectorProof(c.name);
      expect(out.proof.length).toBe(c.size);
      expect(bytesToHex(sha256(out.proof))).toBe(c.sha256);
    });

    it(`${c.name}: states result ${c.result} and verifies`, () => {
      const out = vectorProof(c.name);
      expect(out.publicInput.result).toBe(c.result);
      expect(verify(out)).toEqual({
        valid: true,
        details: { structurallyValid: true, circuitValid: true, mathematicalCheck: true, positiveCheck: true, balanceCheck: true },
      });
    });
  }

  it('decodes and re-encodes each proof to the same bytes; the sizes follow from the header', () => {
    for (const c of VECTOR_CASES) {
      const { proof } = vectorProof(c.name);
      const decoded = decodeProof(proof);
      if (!decoded.ok) throw new Error(decoded.reason);
      expect(encodeProof(decoded.proof)).toEqual(proof);
      expect(proofLength(c.input.circuitType, 0)).toBe(c.size);
      expect(proofLength(c.input.circuitType, 255)).toBe(c.size + 255);
    }
  });

  it('echoes the range bounds and nothing secret in publicInput', () => {
    expect(vectorProof('range_proof').publicInput).toEqual({ result: 1, circuitType: 'range_proof', min: 1000n, max: 1000000n });
    expect(vectorProof('custom').publicInput).toEqual({ result: 1, circuitType: 'custom' });
  });
});
