/**
 * An independent, deliberately simple TypeScript model of zk-FIDNA on @noble/curves: the oracle
 * the engine's zk-FIDNA tests compare against (each side verifies the other's proofs, and fixed-rng
 * proofs must match byte for byte). Slow (BigInt: about 1.2 s to prove, 0.25 s to verify) and
 * variable-time: for tests only.
 *
 *   const out = prove({ circuitType: 'balance_proof', secretValue: 5n, balanceValue: 9n, rng });
 *   verify(out);   // { valid: true, details: {...} }; a rejection also carries a `reason`
 */
export type * from './api-types.ts';
export { prove } from './prove.ts';
export { verify } from './verify.ts';
export { decodeProof, encodeProof, proofLength, type ProofData } from './encoding.ts';
export { generators, GENERATORS_DST } from './generators.ts';
export { Transcript } from './transcript.ts';
export { ZkRefError, type ZkRefErrorCode } from './errors.ts';
export { attest, verifyAttestation, ATTESTATION_CONTEXT } from './attestation.ts';
