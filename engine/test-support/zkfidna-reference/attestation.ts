/**
 * The ML-DSA-65 attestation over a whole encoded proof (FIPS 204 context "zk-fidna/v1"). It is a
 * post-quantum statement by the signer that it produced these bytes, not post-quantum soundness
 * of the range proof itself.
 */
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { ascii } from './scalar.ts';

export const ATTESTATION_CONTEXT = ascii('zk-fidna/v1');

/** Hedged when `random` (32 bytes) is given, deterministic otherwise. */
export function attest(proof: Uint8Array, secretKey: Uint8Array, random?: Uint8Array): Uint8Array {
  return ml_dsa65.sign(proof, secretKey, { context: ATTESTATION_CONTEXT, extraEntropy: random ?? false });
}

export function verifyAttestation(signature: Uint8Array, proof: Uint8Array, publicKey: Uint8Array): boolean {
  return ml_dsa65.verify(signature, proof, publicKey, { context: ATTESTATION_CONTEXT });
}
