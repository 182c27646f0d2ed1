/**
 * zk-FIDNA prove and verify (docs/crypto/zk-fidna.md §12), split like Dilion's so metering sits
 * between: `prepare*` checks what can be the caller's fault (amounts, bounds, a false statement,
 * sizes, key ownership) and throws 4xx; `run*` has the engine prove or verify and records the
 * operation. Secret amounts and blindings are never stored or logged: the record keeps the proof,
 * the public input and the verdict; the openings go back to the caller alone.
 */
import type { z } from 'zod';
import { EngineError } from '../../../engine/src/errors.ts';
import { statementOf } from '../../../engine/src/zkfidna_inputs.ts';
import { SCHEMES } from '../../../shared/schemes.ts';
import { zkViewProblem, type ZkPublicInputJson } from '../../../shared/zkfidna.ts';
import type { ZkProveRequest, ZkProveResponse, ZkVerifyBatchRequest, ZkVerifyRequest, ZkVerifyResponse } from '../../contract/zkfidna.ts';
import type { EnginePool } from '../../engine/pool.ts';
import type { EngineTasks } from '../../engine/protocol.ts';
import { tenantOf } from '../../engine/tenant.ts';
import { AppError, badRequest } from '../../errors.ts';
import { newOperation, type OperationSource, type Recorded } from '../operations/operations.service.ts';
import { recordedMaterial, type KeyMaterial, type KeyMaterials } from '../key-lifecycle/key-material.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.service.ts';

const ALGORITHM = SCHEMES['zk-fidna'].id;
const ATTESTING_KEY = SCHEMES['zk-fidna'].keyAlgorithm;
const ML_DSA_65 = { publicKey: 1952, signature: 3309 };

type ProveInput = z.infer<typeof ZkProveRequest>;
type VerifyInput = z.infer<typeof ZkVerifyRequest>;

export interface PreparedZkProve {
  key: KeyMaterial;
  statement: Pick<ProveInput, 'secretValue' | 'balanceValue' | 'circuitType' | 'min' | 'max'>;
  context: Uint8Array;
}

type VerifyResult = EngineTasks['zkVerify']['result'];
/** A verify answer without what the batch says once (algorithm, timestamp). */
type VerifyAnswer = Omit<z.infer<typeof ZkVerifyResponse>, 'algorithm' | 'timestamp'>;

export interface PreparedZkVerify {
  proof: Uint8Array;
  publicInput: ZkPublicInputJson;
  attestation: { publicKey: Uint8Array; signature: Uint8Array } | null;
  sent: VerifyInput['proof'];
}

const b64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));

/** An engine refusal of the statement as the API reports it: a false statement is 422, a malformed one 400. */
function refusal(error: unknown): Error {
  if (!(error instanceof EngineError)) return error as Error;
  const status = error.code === 'value_out_of_range' ? 422 : 400;
  return new AppError(status, error.code, error.message, error.param);
}

/** A short, non-secret description for the operation history: the circuit and its public facts. */
function describe(input: ZkPublicInputJson): string {
  const bounds = input.circuitType === 'range_proof' ? ` in [${input.min}, ${input.max}]` : '';
  return `${input.circuitType}${bounds}, result ${input.result}`;
}

export class ZkFidnaService {
  constructor(
    private readonly pool: EnginePool,
    private readonly keys: KeyMaterials,
  ) {}

  async prepareProve(owner: KeyOwner, input: ProveInput): Promise<PreparedZkProve> {
    const { secretValue, balanceValue, circuitType, min, max } = input;
    if (balanceValue === undefined && !(circuitType === 'range_proof' && max !== undefined)) {
      throw badRequest('validation_error', 'Balance value is required', 'balanceValue');
    }
    try {
      statementOf({ secretValue, balanceValue, circuitType, min, max });
    } catch (error) {
      throw refusal(error);
    }
    const key = input.keyId ? await this.keys.forKey(owner, input.keyId, { algorithm: ATTESTING_KEY }) : await this.keys.forDefault(owner, ATTESTING_KEY);
    return { key, statement: { secretValue, balanceValue, circuitType, min, max }, context: input.context ? b64(input.context) : new Uint8Array(0) };
  }

  async runProve(p: PreparedZkProve, source: OperationSource): Promise<Recorded<z.infer<typeof ZkProveResponse>>> {
    const seed = p.key.seed();
    const { statement } = p;
    let proved;
    try {
      proved = await this.pool.run('zkProve', {
        seed,
        secretValue: statement.secretValue,
        circuitType: statement.circuitType,
        context: p.context,
        ...(statement.balanceValue === undefined ? {} : { balanceValue: statement.balanceValue }),
        ...(statement.min === undefined ? {} : { min: statement.min }),
        ...(statement.max === undefined ? {} : { max: statement.max }),
      }, tenantOf(source));
    } finally {
      seed.fill(0);
    }
    const record = newOperation(source, {
      operationType: 'prove',
      algorithm: ALGORITHM,
      message: describe(proved.publicInput),
      signature: { encoded: proved.proof.encoded },
      ...recordedMaterial(p.key),
      verified: false,
      metadata: { publicInput: proved.publicInput, attestation: proved.proof.signature.value },
      signatureSize: proved.proofBytes,
      generationTime: proved.elapsedMs,
      verificationTime: null,
    });
    return { response: { algorithm: ALGORITHM, proof: proved.proof, publicInput: proved.publicInput, openings: proved.openings, keyId: p.key.keyId, keyVersion: p.key.version, timestamp: new Date().toISOString() }, record };
  }

  prepareVerify(input: VerifyInput): PreparedZkVerify {
    const sent = input.proof;
    const encoded = typeof sent === 'string' ? sent : sent.encoded;
    const proof = b64(encoded);
    if (proof.length === 0) throw badRequest('invalid_proof', 'proof must be the encoded proof from a prove response (it is empty).', typeof sent === 'string' ? 'proof' : 'proof.encoded');
    const publicInput: ZkPublicInputJson = input.publicInput ?? { ...input.publicSignals!, circuitType: input.circuitType! };
    let attestation: PreparedZkVerify['attestation'] = null;
    if (typeof sent !== 'string' && sent.signature) {
      const publicKey = b64(sent.signature.publicKey);
      const signature = b64(sent.signature.value);
      if (publicKey.length !== ML_DSA_65.publicKey) {
        throw badRequest('invalid_public_key', `proof.signature.publicKey must be an ML-DSA-65 public key of ${ML_DSA_65.publicKey} bytes (got ${publicKey.length}).`, 'proof.signature.publicKey');
      }
      if (signature.length !== ML_DSA_65.signature) {
        throw badRequest('invalid_signature_length', `proof.signature.value must be an ML-DSA-65 signature of ${ML_DSA_65.signature} bytes (got ${signature.length}).`, 'proof.signature.value');
      }
      attestation = { publicKey, signature };
    }
    return { proof, publicInput, attestation, sent };
  }

  async runVerify(p: PreparedZkVerify, source: OperationSource): Promise<Recorded<z.infer<typeof ZkVerifyResponse>>> {
    const r = await this.pool.run('zkVerify', { proof: p.proof, publicInput: p.publicInput, attestation: p.attestation }, tenantOf(source));
    const verified = this.verified(p, r, r.elapsedMs, source);
    if (verified instanceof AppError) throw verified;
    const { valid, publicInput, details } = verified.response;
    return { response: { valid, algorithm: ALGORITHM, publicInput, details, timestamp: new Date().toISOString() }, record: verified.record };
  }

  /** Each item prepared as a single verify; a caller's fault names its item (items.N.…). */
  prepareVerifyBatch(input: z.infer<typeof ZkVerifyBatchRequest>): PreparedZkVerify[] {
    return input.items.map((item, i) => {
      try {
        return this.prepareVerify(item);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        throw new AppError(error.status, error.code, `items.${i}: ${error.message}`, `items.${i}.${error.param ?? ''}`.replace(/\.$/, ''));
      }
    });
  }

  /** The items in one engine task (one weighted sum, engine.zkFidna.verifyBatch); each answered, or failed for its views, on its own. */
  async runVerifyBatch(items: PreparedZkVerify[], source: OperationSource): Promise<(Recorded<VerifyAnswer> | AppError)[]> {
    const args = items.map((p) => ({ proof: p.proof, publicInput: p.publicInput, attestation: p.attestation }));
    const { results, elapsedMs } = await this.pool.run('zkVerifyBatch', { items: args }, tenantOf(source));
    return items.map((p, i) => this.verified(p, results[i]!, elapsedMs / items.length, source));
  }

  /** A verdict as the API answers and records it; a proof object whose views are not the proof's is the caller's mistake (400, refunded). */
  private verified(p: PreparedZkVerify, r: Omit<VerifyResult, 'elapsedMs'>, elapsedMs: number, source: OperationSource): Recorded<VerifyAnswer> | AppError {
    const problem = zkViewProblem(p.sent, r.views ?? undefined);
    if (problem) return badRequest(problem.code, problem.message, problem.param);
    const record = newOperation(source, {
      operationType: 'verify',
      algorithm: ALGORITHM,
      message: describe(p.publicInput),
      signature: { encoded: Buffer.from(p.proof).toString('base64') },
      publicKey: p.attestation ? { encoded: Buffer.from(p.attestation.publicKey).toString('base64') } : null,
      verified: r.valid,
      metadata: { publicInput: p.publicInput, details: r.details },
      signatureSize: p.proof.length,
      generationTime: null,
      verificationTime: elapsedMs,
    });
    return { response: { valid: r.valid, publicInput: p.publicInput, details: r.details }, record };
  }
}
