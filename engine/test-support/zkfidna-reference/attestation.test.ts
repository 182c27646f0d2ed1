/** The ML-DSA-65 attestation binds the exact proof bytes under the zk-fidna/v1 context. */
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { describe, expect, it } from 'vitest';
import { attest, verifyAttestation } from './attestation.ts';

const { publicKey, secretKey } = ml_dsa65.keygen(new Uint8Array(32).fill(3));
// Any byte string stands in for a proof here: the attestation does not parse what it signs.
const proof = Uint8Array.from({ length: 826 }, (_, i) => (i * 31) & 0xff);

describe('ML-DSA-65 attestation', () => {
  const signature = attest(proof, secretKey);

  it('is a 3,309-byte signature that verifies over the proof', () => {
    expect(signature).toHaveLength(3309);
    expect(verifyAttestation(signature, proof, publicKey)).toBe(true);
  });

  it('fails for a proof with one byte changed', () => {
    const other = proof.slice();
    other[100] ^= 1;
    expect(verifyAttestation(signature, other, publicKey)).toBe(false);
  });

  it('uses the zk-fidna/v1 context: a signature without it does not verify', () => {
    expect(verifyAttestation(ml_dsa65.sign(proof, secretKey), proof, publicKey)).toBe(false);
  });

  it('is hedged when given randomness, and still verifies', () => {
    const hedged = attest(proof, secretKey, new Uint8Array(32).fill(9));
    expect(hedged).not.toEqual(signature);
    expect(verifyAttestation(hedged, proof, publicKey)).toBe(true);
  });
});
