/**
 * One benchmark operation on the server (docs/product.md §2.5, docs/decisions/040): sign (or prove)
 * then verify what was made, through the same services, engine pool and operation records as the
 * demo routes. Each step is timed here, from its prepare to its record committed, which is the
 * server's whole part of a demo call; the engine's own time comes from the worker that did it.
 * Inputs are the benchmark's (docs/product.md §7): "Benchmark test N", or a random balance_proof.
 */
import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { SCHEMES, type SchemeId } from '../../../shared/schemes.ts';
import type { DemoBenchmarkOperation } from '../../contract/demo-benchmark.ts';
import type { AppContext } from '../../context.ts';
import { EngineTaskError } from '../../engine/pool.ts';
import { AppError } from '../../errors.ts';
import { demoHistoryWrites } from '../demo/demo-session.ts';
import type { NewOperation, OperationSource, Recorded } from '../operations/operations.service.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.service.ts';

export type OperationResult = z.infer<typeof DemoBenchmarkOperation>;

interface TimedStep<R> {
  response: R;
  record: NewOperation;
  ms: number;
  engineMs: number | null;
}

/** Both steps of one operation, each timed. */
interface Pair {
  sign: TimedStep<unknown>;
  verify: TimedStep<{ valid: boolean }>;
}

/** The `encoded` member of a recorded signature or public key (base64, as the API shows it). */
function encodedOf(value: unknown, what: string): string {
  const encoded = (value as { encoded?: unknown } | null)?.encoded;
  if (typeof encoded !== 'string') throw new Error(`the ${what} record has no encoded bytes`);
  return encoded;
}

/** The benchmark's zk-FIDNA statement (docs/product.md §7): a secret 100..599 under a balance 1000..5999. */
export function benchmarkStatement() {
  return { secretValue: String(randomInt(100, 600)), balanceValue: String(randomInt(1000, 6000)), circuitType: 'balance_proof' as const };
}

/** Why an operation failed, in words for the results panel: the caller's or the engine's, never a stack. */
function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof EngineTaskError) return `The crypto engine failed (${error.code}).`;
  return 'The operation could not be completed and recorded.';
}

export class BenchmarkOperations {
  constructor(
    private readonly ctx: Pick<AppContext, 'dilion' | 'qes2' | 'zkFidna' | 'signingKeys' | 'operations' | 'logger'>,
    private readonly algorithm: SchemeId,
    private readonly owner: KeyOwner,
    private readonly source: OperationSource,
  ) {}

  /** Untimed: the session's key for the algorithm, created on its first use, is not an operation. */
  async ready(): Promise<void> {
    try {
      await this.ctx.signingKeys.defaultKey(this.owner, SCHEMES[this.algorithm].keyAlgorithm);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw Object.assign(new AppError(503, 'engine_unavailable', 'The crypto engine could not make this session’s key: retry shortly.'), { cause: error });
    }
  }

  /** Operation `index`; a failure of either step, or a verify that says invalid, fails it with time 0. */
  async run(index: number): Promise<OperationResult> {
    const failed = (error: string): OperationResult => ({ index, ok: false, signMs: 0, verifyMs: 0, engineSignMs: null, engineVerifyMs: null, size: null, error });
    let pair: Pair;
    try {
      pair = await this.pair(`Benchmark test ${index}`);
    } catch (error) {
      if (!(error instanceof AppError)) this.ctx.logger.error({ err: error, algorithm: this.algorithm }, 'a benchmark operation failed');
      return failed(reasonOf(error));
    }
    const { sign, verify } = pair;
    if (!verify.response.valid) return failed(this.algorithm === 'zk-fidna' ? 'The proof did not verify' : 'The signature did not verify');
    return {
      index,
      ok: true,
      signMs: sign.ms,
      verifyMs: verify.ms,
      engineSignMs: sign.engineMs,
      engineVerifyMs: verify.engineMs,
      size: sign.record.signatureSize ?? null,
    };
  }

  /** Times one step as a demo call spends it on the server: prepare, engine work, and the record's commit. */
  private async timed<R>(work: () => Promise<Recorded<R>>): Promise<TimedStep<R>> {
    const start = performance.now();
    const { response, record } = await work();
    await this.ctx.operations.record(record, demoHistoryWrites(this.source.demoSessionId!, this.source.userId));
    const ms = performance.now() - start;
    return { response, record, ms, engineMs: record.generationTime ?? record.verificationTime ?? null };
  }

  private async pair(message: string): Promise<Pair> {
    const { dilion, qes2, zkFidna } = this.ctx;
    const { owner, source } = this;
    const scheme = SCHEMES[this.algorithm];
    if (scheme.family === 'dilion') {
      const sign = await this.timed(async () => dilion.runSign(await dilion.prepareSign(owner, { message }), source));
      const signed = { message, signature: encodedOf(sign.record.signature, 'signature'), publicKey: encodedOf(sign.record.publicKey, 'public key') };
      const verify = await this.timed(async () => dilion.runVerify(await dilion.prepareVerify(owner, signed), source));
      return { sign, verify };
    }
    if (scheme.family === 'qes2') {
      const { mode } = scheme;
      const sign = await this.timed(async () => qes2.runSign(await qes2.prepareSign(mode, owner, { message }), source));
      const signed = { message, signature: sign.response.signature.encoded, publicKey: sign.response.publicKey };
      const verify = await this.timed(async () => qes2.runVerify(await qes2.prepareVerify(mode, owner, signed), source));
      return { sign, verify };
    }
    // Verify gets the whole proof object, as the browser side sends it, so the attestation is checked too.
    const prove = await this.timed(async () => zkFidna.runProve(await zkFidna.prepareProve(owner, benchmarkStatement()), source));
    const proved = { proof: prove.response.proof, publicInput: prove.response.publicInput };
    const verify = await this.timed(async () => zkFidna.runVerify(zkFidna.prepareVerify(proved), source));
    return { sign: prove, verify };
  }
}
