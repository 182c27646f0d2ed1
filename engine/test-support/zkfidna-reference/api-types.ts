/** The request and response shapes of the reference, mirroring the engine's zk-FIDNA API. */
import type { CircuitType } from './statements.ts';

export type { CircuitType };

export interface ProveInput {
  /** X: the amount (>= 1). */
  secretValue: bigint;
  /** Y: the balance (>= 0); also the default max of range_proof. */
  balanceValue: bigint;
  circuitType: CircuitType;
  /** range_proof only; default 1. */
  min?: bigint;
  /** range_proof only; default balanceValue. */
  max?: bigint;
  /** 0..255 bytes binding the proof to one use; absent equals empty. */
  context?: Uint8Array;
  /** 32 bytes; all of the prover's randomness derives from them. */
  rng: Uint8Array;
}

/** What a verifier is told; nothing secret. */
export interface PublicInput {
  result: 0 | 1;
  circuitType: CircuitType;
  min?: bigint;
  max?: bigint;
  context?: Uint8Array;
}

/** The value and blinding behind one public commitment. */
export interface Opening {
  value: bigint;
  blinding: bigint;
}

export interface ProveOutput {
  proof: Uint8Array;
  publicInput: PublicInput;
  /** One per public commitment, in the proof's order; for the caller only. */
  openings: Opening[];
}

export interface VerifyInput {
  proof: Uint8Array;
  publicInput: PublicInput;
}

export interface VerifyDetails {
  /** The proof decodes and its header equals publicInput. */
  structurallyValid: boolean;
  /** Known circuit, allowed result, sane bounds, derivable non-identity V_j (and kernel excess). */
  circuitValid: boolean;
  /** The aggregated range-proof equation holds. */
  mathematicalCheck: boolean;
  /** Both derived values are in [0, 2^64): part of the same equation. */
  positiveCheck: boolean;
  /** The comparison (and, for custom, the BIP-340 kernel) holds. */
  balanceCheck: boolean;
}

export interface VerifyResult {
  valid: boolean;
  details: VerifyDetails;
  /** Why the proof was rejected, for tests and logs; absent when valid. */
  reason?: string;
}
