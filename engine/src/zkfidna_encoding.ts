/**
 * Reading zk-FIDNA's version-1 proof layout on the host, for the views a person inspects
 * (commitments, bounds, the five response scalars) and for comparing the header with a
 * verifier's public input. Validity (points on the curve, canonical scalars, the proof itself) is
 * the engine's verdict; this only slices bytes.
 *
 *   0x01 | circuit | result | m | log2(n) | context length L | context | commitments (33 each)
 *   | min, max (u64be, range_proof only) | A, S, T1, T2 | t_x, tau_x, mu | L_1, R_1 .. L_k, R_k
 *   | a, b | kernel (64, custom only)
 */
import { CIRCUIT_NAMES, type ZkFidnaCircuit } from './zkfidna_inputs.ts';

export const ZK_FIDNA_VERSION = 1;
/** Range proof bits per value and values per proof (every circuit proves two values). */
export const ZK_FIDNA_BITS = 64;
export const ZK_FIDNA_AGGREGATION = 2;
const ROUNDS = 7; // log2(64 * 2)
const CORE = 4 * 33 + 3 * 32 + 2 * ROUNDS * 33 + 2 * 32;
const COMMITMENTS: Record<ZkFidnaCircuit, number> = { balance_proof: 2, range_proof: 1, custom: 3 };

/** Proof bytes per circuit with an empty context (a context of L bytes adds L). */
export const ZK_FIDNA_PROOF_SIZES: Record<ZkFidnaCircuit, number> = {
  balance_proof: 6 + 66 + CORE,
  range_proof: 6 + 33 + 16 + CORE,
  custom: 6 + 99 + CORE + 64,
};

export interface DecodedHeader {
  circuitType: ZkFidnaCircuit;
  result: number;
  context: Uint8Array;
  commitments: Uint8Array[];
  min?: bigint;
  max?: bigint;
  /** The five response scalars, 32 bytes each. */
  responses: { tx: Uint8Array; taux: Uint8Array; mu: Uint8Array; a: Uint8Array; b: Uint8Array };
  /** The custom circuit's BIP-340 kernel signature. */
  kernel?: Uint8Array;
}

/**
 * Slices a proof whose header is version 1 with m = 2, n = 64 and whose length fits its circuit
 * and context; null for anything else.
 */
export function decodeHeader(proof: Uint8Array): DecodedHeader | null {
  if (proof.length < 6 || proof[0] !== ZK_FIDNA_VERSION || proof[3] !== ZK_FIDNA_AGGREGATION || proof[4] !== 6) return null;
  const circuitType = CIRCUIT_NAMES[proof[1] - 1];
  if (circuitType === undefined) return null;
  const ctxLen = proof[5];
  if (proof.length !== ZK_FIDNA_PROOF_SIZES[circuitType] + ctxLen) return null;
  let at = 6 + ctxLen;
  const commitments = Array.from({ length: COMMITMENTS[circuitType] }, (_, i) => proof.slice(at + 33 * i, at + 33 * i + 33));
  at += 33 * commitments.length;
  let bounds: { min: bigint; max: bigint } | undefined;
  if (circuitType === 'range_proof') {
    const view = new DataView(proof.buffer, proof.byteOffset + at, 16);
    bounds = { min: view.getBigUint64(0), max: view.getBigUint64(8) };
    at += 16;
  }
  const ab = at + 228 + 66 * ROUNDS;
  const header: DecodedHeader = {
    circuitType,
    result: proof[2],
    context: proof.slice(6, 6 + ctxLen),
    commitments,
    ...bounds,
    responses: {
      tx: proof.slice(at + 132, at + 164),
      taux: proof.slice(at + 164, at + 196),
      mu: proof.slice(at + 196, at + 228),
      a: proof.slice(ab, ab + 32),
      b: proof.slice(ab + 32, ab + 64),
    },
  };
  if (circuitType === 'custom') header.kernel = proof.slice(ab + 64, ab + 128);
  return header;
}
