/**
 * zk-FIDNA's JSON (docs/crypto/zk-fidna.md §12): how the engine's proofs become prove responses and
 * how verify requests become the engine's arguments. The server's workers and the browser's worker
 * both use these, so a proof made on either side reads the same on the other.
 */
import type { MlDsa } from '../engine/src/mldsa.ts';
import type { ZkFidna, ZkFidnaProof, ZkFidnaProveOptions, ZkFidnaPublicInput, ZkFidnaViews } from '../engine/src/zkfidna.ts';
import { fromBase64, toBase64 } from './bytes.ts';
import type { WireProblem } from './dilion.ts';

export const ZK_FIDNA_CIRCUITS = ['balance_proof', 'range_proof', 'custom'] as const;
export type ZkCircuit = (typeof ZK_FIDNA_CIRCUITS)[number];

/** The ML-DSA-65 context of the attestation over the proof bytes. */
export const ZK_FIDNA_ATTESTATION_CONTEXT = 'zk-fidna/v1';

/** The public input as JSON: amounts as decimal strings, the context as base64. */
export interface ZkPublicInputJson {
  result: 0 | 1;
  circuitType: ZkCircuit;
  min?: string;
  max?: string;
  context?: string;
}

export interface ZkProofViewsJson {
  commitment: string[];
  challenge: string[];
  response: string[];
  publicParameters: ZkFidnaViews['publicParameters'];
}

export interface ZkProofJson extends ZkProofViewsJson {
  encoded: string;
  signature: { algorithm: 'ML-DSA-65'; publicKey: string; value: string };
}

export function zkPublicInputToJson(input: ZkFidnaPublicInput): ZkPublicInputJson {
  return {
    result: input.result,
    circuitType: input.circuitType,
    ...(input.min === undefined ? {} : { min: input.min.toString() }),
    ...(input.max === undefined ? {} : { max: input.max.toString() }),
    ...(input.context === undefined ? {} : { context: toBase64(input.context) }),
  };
}

export function zkViewsToJson(views: ZkFidnaViews): ZkProofViewsJson {
  const { y, z, x, w, u } = views.challenges;
  const { tx, taux, mu, a, b } = views.responses;
  return {
    commitment: views.commitments.map(toBase64),
    challenge: [y, z, x, w, ...u],
    response: [tx, taux, mu, a, b],
    publicParameters: views.publicParameters,
  };
}

/**
 * Proves `statement` and attests the proof with the ML-DSA-65 key pair derived from `seed`, as the
 * server's workers and the browser's worker both do. The secret key is wiped before returning.
 */
export function proveAttestedToJson(
  engine: { mlDsa65: Pick<MlDsa, 'keygen'>; zkFidna: Pick<ZkFidna, 'prove'> },
  seed: Uint8Array,
  statement: Omit<ZkFidnaProveOptions, 'attest' | 'rng'>,
): ReturnType<typeof zkProofToJson> & { proofBytes: number } {
  const { publicKey, secretKey } = engine.mlDsa65.keygen(seed);
  try {
    const proved = engine.zkFidna.prove({ ...statement, attest: { secretKey, publicKey } });
    return { ...zkProofToJson({ ...proved, attestation: proved.attestation! }), proofBytes: proved.proof.length };
  } finally {
    secretKey.fill(0);
  }
}

/** The proof, its views and its attestation, and the openings for the caller alone. */
export function zkProofToJson(proved: ZkFidnaProof & { attestation: NonNullable<ZkFidnaProof['attestation']> }) {
  return {
    proof: {
      encoded: toBase64(proved.proof),
      ...zkViewsToJson(proved.views),
      signature: { algorithm: 'ML-DSA-65' as const, publicKey: toBase64(proved.attestation.publicKey), value: toBase64(proved.attestation.signature) },
    } satisfies ZkProofJson,
    publicInput: zkPublicInputToJson(proved.publicInput),
    openings: proved.openings.map((o) => ({ commitment: toBase64(o.commitment), value: o.value.toString(), blinding: toBase64(o.blinding) })),
  };
}

export function zkPublicInputFromJson(json: ZkPublicInputJson): ZkFidnaPublicInput {
  return {
    result: json.result,
    circuitType: json.circuitType,
    ...(json.min === undefined ? {} : { min: BigInt(json.min) }),
    ...(json.max === undefined ? {} : { max: BigInt(json.max) }),
    ...(json.context === undefined ? {} : { context: fromBase64(json.context, 'publicInput.context') }),
  };
}

/** A proof as verify takes it: proof.encoded, or the whole proof object from a prove response. */
export type ZkProofInput = string | (Partial<Omit<ZkProofJson, 'encoded' | 'publicParameters'>> & { encoded: string; publicParameters?: unknown });

/**
 * Why a proof object sent to verify is refused, or null: views it carries must be the ones its
 * bytes give (docs/crypto/zk-fidna.md §12). Public parameters are not compared: they are fixed.
 */
export function zkViewProblem(sent: ZkProofInput, mine: ZkProofViewsJson | undefined): WireProblem | null {
  if (typeof sent === 'string') return null;
  for (const name of ['commitment', 'challenge', 'response'] as const) {
    const given = sent[name];
    if (given === undefined) continue;
    const expected = mine?.[name];
    // Commitments are base64 (case matters); challenges and responses are hex (case does not).
    const same = (v: string, i: number) => (name === 'commitment' ? v : v.toLowerCase()) === expected![i];
    if (!expected || given.length !== expected.length || !given.every(same)) {
      return {
        code: 'proof_view_mismatch',
        param: `proof.${name}`,
        message: `proof.${name} does not match proof.encoded: send the encoded proof alone, or its unmodified views.`,
      };
    }
  }
  return null;
}
