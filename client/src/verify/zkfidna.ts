/**
 * A zk-FIDNA proof checked offline, exactly as POST /api/v1/crypto/zk-fidna/verify checks it
 * (server/features/zkfidna/zkfidna.service.ts → engine.zkFidna.verify): the proof's header against
 * its public input (circuit, result, bounds, context), the circuit and the aggregated range-proof
 * equation over the commitments the proof carries, the balance kernel for `custom`, and, when the
 * answer carries one, the ML-DSA-65 attestation over the proof bytes (context "zk-fidna/v1"). Views
 * sent beside the proof (commitment, challenge, response) must be the ones its bytes give.
 *
 * Not checked: the openings (the amounts and blindings behind the commitments, which only the
 * prover holds: open them yourself if you were given them), and whose attestation key signed,
 * unless you pass `attestationPublicKey`.
 */
import { zkPublicInputFromJson, zkViewProblem, zkViewsToJson, type ZkProofInput, type ZkPublicInputJson } from '../../../shared/zkfidna.ts';
import { verificationEngine } from './engine.ts';
import { base64Bytes, checked, invalid, Malformed, type Verdict } from './verdict.ts';

const ML_DSA_65 = { publicKey: 1952, signature: 3309 };

/** The parts of a zk-FIDNA prove answer the check reads. */
export interface ZkFidnaProved {
  proof: string | (Exclude<ZkProofInput, string> & { signature?: { algorithm?: 'ML-DSA-65'; publicKey: string; value: string } });
  publicInput: ZkPublicInputJson;
}

export interface ZkFidnaExpectation {
  /** The statement the proof must be of: each member given must equal the answer's (min and max as decimal strings). */
  publicInput?: Partial<ZkPublicInputJson>;
  /** The attestation key (base64) the proof must be signed with; without it any key's attestation is accepted. */
  attestationPublicKey?: string;
}

export interface ZkFidnaVerdict extends Verdict {
  /** The engine's checks one by one, when the proof could be read (signatureCheck only with an attestation). */
  details?: { structurallyValid: boolean; circuitValid: boolean; mathematicalCheck: boolean; positiveCheck: boolean; balanceCheck: boolean; signatureCheck?: boolean };
}

export function verifyZkFidna(proved: ZkFidnaProved, expected: ZkFidnaExpectation = {}): Promise<ZkFidnaVerdict> {
  return checked(async () => {
    const sent = proved?.proof;
    const proof = base64Bytes(typeof sent === 'string' ? sent : sent?.encoded, 'proof.encoded');
    if (proof.length === 0) throw new Malformed('proof.encoded is empty');
    if (typeof proved.publicInput !== 'object' || proved.publicInput === null) throw new Malformed('publicInput is missing');
    for (const [name, value] of Object.entries(expected.publicInput ?? {})) {
      const given = proved.publicInput[name as keyof ZkPublicInputJson];
      if (given !== value) return invalid(`the proof's publicInput.${name} is ${JSON.stringify(given)}, not ${JSON.stringify(value)}`);
    }
    let publicInput;
    try {
      publicInput = zkPublicInputFromJson(proved.publicInput);
    } catch (error) {
      throw new Malformed(`publicInput is not readable: ${(error as Error).message}`);
    }
    const signature = typeof sent === 'string' ? undefined : sent.signature;
    if (expected.attestationPublicKey !== undefined && signature?.publicKey !== expected.attestationPublicKey) {
      return invalid(signature ? 'the proof is attested by another key than the one expected' : 'the proof carries no attestation, and one was expected');
    }
    const attestation = signature
      ? { publicKey: base64Bytes(signature.publicKey, 'proof.signature.publicKey', ML_DSA_65.publicKey), signature: base64Bytes(signature.value, 'proof.signature.value', ML_DSA_65.signature) }
      : undefined;
    const engine = await verificationEngine();
    const r = engine.zkFidna.verify({ proof, publicInput, ...(attestation ? { attestation } : {}) });
    const problem = zkViewProblem(sent, r.views ? zkViewsToJson(r.views) : undefined);
    if (problem) return { ...invalid(problem.message), details: r.details };
    if (r.valid) return { valid: true, details: r.details };
    const failed = Object.entries(r.details).filter(([, ok]) => ok === false).map(([name]) => name);
    return { ...invalid(`the proof does not verify (${failed.join(', ')} failed)`), details: r.details };
  });
}
