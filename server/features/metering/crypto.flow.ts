/**
 * How a crypto call runs. Public (docs/api.md §5.1): validated input → a slot among the key's
 * concurrent calls and one among the account's (docs/api.md §4) → Idempotency-Key check →
 * admitted by metering (its place in the allowance held) → prepare (the caller's faults, 4xx,
 * which may create the account's default keys: only for a caller the meter let through) → engine
 * work → one commit of the operation record (the message's digest instead of its text if the
 * account keeps digests), the call's charge and the stored idempotent answer → the answer. A
 * call that fails before that commit is not charged; one that dies in a crash before it was never
 * charged (docs/decisions/028-answered-means-recorded.md).
 * Demo: no metering, the visitor's session key, answered once recorded too. */
import type { Request, Response } from 'express';
import { demoHistoryWrites, demoSessionOf } from '../demo/demo-session.ts';
import type { AppContext } from '../../context.ts';
import { EngineTaskError } from '../../engine/pool.ts';
import { ErrorResponse } from '../../contract/common.ts';
import { AppError } from '../../errors.ts';
import { headerOf, sendJson } from '../../http/exchange.ts';
import type { IdempotencyStart } from '../../http/idempotency.ts';
import type { OperationSource } from '../operations/operations.service.ts';
import type { Recorded } from '../operations/operations.service.ts';
import { keepDigestOnly } from '../operations/message-digest.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.service.ts';
import { quotaHeaders } from './quota-headers.ts';
import { mayCall, type MeteredOperation } from '../../../shared/key-operations.ts';

/** Error responses every metered crypto route documents. */
export const meteredResponses = {
  413: { description: 'message_too_long: over 64 KiB of UTF-8 (4 KiB on demo routes)', schema: ErrorResponse },
  403: { description: 'api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations)', schema: ErrorResponse },
  404: { description: 'keyId is not one of your signing keys', schema: ErrorResponse },
  409: { description: 'A request with this Idempotency-Key is still running', schema: ErrorResponse },
  422: { description: 'Idempotency-Key reused with a different request', schema: ErrorResponse },
  429: { description: 'usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit', schema: ErrorResponse },
  503: { description: 'The engine failed; the call was refunded', schema: ErrorResponse },
};
/** Error responses every demo crypto route documents. */
export const demoResponses = {
  413: { description: 'message_too_long: over 4 KiB of UTF-8', schema: ErrorResponse },
  429: { description: 'rate_limited: too many demo calls from this address', schema: ErrorResponse },
  503: { description: 'The engine failed', schema: ErrorResponse },
};

/**
 * A failure of ours (the engine, or storing the record) is not the caller's: 503, and the caller is
 * told nothing was charged. The caller's own faults (AppErrors) pass through as they are.
 */
export function engineFailure(error: unknown, charged: boolean): Error {
  if (error instanceof AppError) return error;
  const note = charged ? 'this call was not charged' : 'nothing was charged';
  if (!(error instanceof EngineTaskError)) {
    // The cause goes to the log with the 503 (the error handler logs every 5xx).
    return Object.assign(new AppError(503, 'call_failed', `The call could not be completed and recorded; ${note}: retry shortly.`), { cause: error });
  }
  return new AppError(503, 'engine_unavailable', `The crypto engine failed (${error.code}); ${note}: retry shortly.`);
}

export interface CryptoStep<P, R> {
  /** What the call does, for the keys restricted to some operations (docs/decisions/036). */
  operation: MeteredOperation;
  prepare(owner: KeyOwner): Promise<P> | P;
  run(prepared: P, source: OperationSource): Promise<Recorded<R>>;
}

export async function publicCall<P, R>(ctx: AppContext, req: Request, res: Response, step: CryptoStep<P, R>): Promise<R | undefined> {
  return inCallSlots(ctx, req, step.operation, () => meteredCall(ctx, req, res, step));
}

/**
 * Runs a public call once its key may do `operation` (403 otherwise) and it holds a slot among
 * the key's concurrent calls and one among the account's (docs/api.md §4); a batch call holds one
 * of each for all its items (batch.flow.ts).
 */
export async function inCallSlots<T>(ctx: AppContext, req: Request, operation: MeteredOperation, call: () => Promise<T>): Promise<T> {
  const allowed = req.apiCaller!.allowedOperations;
  if (allowed !== null && !mayCall(allowed, operation)) {
    throw new AppError(403, 'operation_not_allowed', `This API key may only ${allowed.join(', ')}: use a key allowed to ${operation}, or change this key’s restrictions in the dashboard.`);
  }
  const caller = req.apiCaller!;
  const releaseKey = ctx.callSlots.take(caller.keyValue);
  let releaseAccount: () => Promise<void>;
  try {
    releaseAccount = await ctx.accountSlots.take(caller.userId);
  } catch (error) {
    releaseKey();
    throw error;
  }
  // Held until the call is answered or has failed, also when its client went away: the work was queued either way.
  try {
    return await call();
  } finally {
    // Not awaited: the answer need not wait for the slot's row on PostgreSQL, and giving back never rejects.
    void releaseAccount();
    releaseKey();
  }
}

/** The call's Idempotency-Key claimed (or none sent); undefined once a retry was answered with the stored answer. */
export async function idempotentStart(ctx: AppContext, req: Request, res: Response): Promise<IdempotencyStart | undefined> {
  const key = headerOf(req, 'idempotency-key');
  // Hashing the body is only needed to compare it with a keyed earlier request.
  const start = await ctx.idempotency.begin(req.apiCaller!.userId, key, key === undefined ? '' : ctx.idempotency.requestHash(req));
  if (start.kind !== 'replay') return start;
  res.setHeader('Idempotent-Replayed', 'true');
  sendJson(res, start.status, start.body);
  return undefined;
}

async function meteredCall<P, R>(ctx: AppContext, req: Request, res: Response, step: CryptoStep<P, R>): Promise<R | undefined> {
  const caller = req.apiCaller!;
  const start = await idempotentStart(ctx, req, res);
  if (start === undefined) return undefined;
  try {
    const ticket = await ctx.metering.meter(caller, step.operation);
    try {
      const prepared = await step.prepare({ userId: caller.userId });
      const { response, record } = await step.run(prepared, { channel: 'api', userId: caller.userId, demoSessionId: null, apiKey: caller.keyValue });
      if (caller.historyKeeps === 'digest') keepDigestOnly(record);
      // The record, the call's charge and its stored answer: one commit (docs/decisions/028).
      await ctx.operations.record(record, { charge: ctx.metering.charge(ticket), idempotentAnswer: ctx.idempotency.answer(start, 200, response) });
      quotaHeaders(res, ticket);
      return response;
    } catch (error) {
      await ctx.metering.refund(ticket);
      throw engineFailure(error, true);
    }
  } catch (error) {
    await ctx.idempotency.abandon(start);
    throw error;
  }
}

/** The engine's own time for the call, as a Server-Timing entry (the browser benchmark splits it from the network's). */
function serverTiming(res: Response, record: Recorded<unknown>['record']): void {
  const engineMs = record.generationTime ?? record.verificationTime;
  if (engineMs != null) res.setHeader('Server-Timing', `engine;dur=${engineMs.toFixed(3)};desc="engine time"`);
}

export async function demoCall<P, R>(ctx: AppContext, req: Request, res: Response, step: CryptoStep<P, R>): Promise<R> {
  // A kept session gives the visitor one demo key and a history, within the bounds of demo-session.ts.
  const demoSessionId = await demoSessionOf(req);
  const userId = req.user?.id ?? null;
  const prepared = await step.prepare({ demoSessionId });
  try {
    const { response, record } = await step.run(prepared, { channel: 'demo', userId, demoSessionId, apiKey: null });
    await ctx.operations.record(record, demoHistoryWrites(demoSessionId, userId));
    serverTiming(res, record);
    return response;
  } catch (error) {
    throw engineFailure(error, false);
  }
}
