/**
 * How a batch call runs (docs/decisions/053-signing-by-digest-and-in-batches.md): crypto.flow.ts's
 * path with each item metered as a call of its own. Validated input → one slot among the key's
 * calls and one among the account's, for the whole batch → Idempotency-Key check (one key for the
 * batch) → prepare (the caller's faults for any item, 4xx, before anything is metered) → each
 * item in order admitted by metering, and once admitted its engine task queued (each its own task
 * in the account's turn of the fair queue) → one commit of every answered item's record and
 * charge with the batch's idempotent answer → the answer. An item refused by metering (usage or
 * spending limit, overdue overage) or failed by the engine is named by its code and not charged;
 * the others are answered. Nothing answered: nothing is committed, and a retry with the same key
 * runs again, as after a refused single call. A step with runAll has its admitted items done in one
 * engine task (zk-FIDNA's verify batch: one weighted sum) instead of a task each; each item is
 * still metered, recorded and answered on its own.
 */
import type { Request, Response } from 'express';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { keepDigestOnly } from '../operations/message-digest.ts';
import type { NewOperation, OperationSource, Recorded } from '../operations/operations.service.ts';
import type { MeteredOperation } from '../../../shared/key-operations.ts';
import { engineFailure, idempotentStart, inCallSlots } from './crypto.flow.ts';
import type { MeterTicket } from './metering.service.ts';
import { quotaHeaders } from './quota-headers.ts';

export type BatchItemOutcome<R> = ({ index: number } & R) | { index: number; error: { code: string; message: string } };

interface BatchStepBase<P, I, R, A> {
  operation: MeteredOperation;
  /** What the items share (the key) and each item ready for the engine; throws the caller's faults. */
  prepare(userId: string): Promise<{ shared: P; items: I[] }>;
  /** The batch's answer around its items' outcomes, `charged` of them answered. */
  answer(shared: P, results: BatchItemOutcome<R>[], charged: number): A;
}

/** Each admitted item in an engine task of its own (run), or all of them in one (runAll), each still answered on its own. */
export type BatchStep<P, I, R, A> = BatchStepBase<P, I, R, A> &
  (
    | { run(shared: P, item: I, source: OperationSource): Promise<Recorded<R>>; runAll?: never }
    | { runAll(shared: P, items: I[], source: OperationSource): Promise<(Recorded<R> | AppError)[]>; run?: never }
  );

type Settled<R> = { ticket: MeterTicket; recorded: Recorded<R> } | { error: AppError };

const itemError = (index: number, error: AppError) => ({ index, error: { code: error.code, message: error.message } });

export async function batchCall<P, I, R extends object, A>(ctx: AppContext, req: Request, res: Response, step: BatchStep<P, I, R, A>): Promise<A | undefined> {
  return inCallSlots(ctx, req, step.operation, () => meteredBatch(ctx, req, res, step));
}

async function meteredBatch<P, I, R extends object, A>(ctx: AppContext, req: Request, res: Response, step: BatchStep<P, I, R, A>): Promise<A | undefined> {
  const caller = req.apiCaller!;
  const start = await idempotentStart(ctx, req, res);
  if (start === undefined) return undefined;
  try {
    const { shared, items } = await step.prepare(caller.userId);
    const source: OperationSource = { channel: 'api', userId: caller.userId, demoSessionId: null, apiKey: caller.keyValue };
    const work: Promise<Settled<R>>[] = [];
    const together: { ticket: MeterTicket; item: I; done: (s: Settled<R>) => void }[] = [];
    // In order, so that when the allowance runs out mid-batch the first items are the ones answered.
    for (const item of items) {
      let ticket: MeterTicket;
      try {
        ticket = await ctx.metering.meter(caller, step.operation);
      } catch (error) {
        work.push(Promise.resolve({ error: engineFailure(error, false) as AppError }));
        continue;
      }
      const { run } = step;
      if (run) work.push(runItem(ctx, ticket, () => run(shared, item, source)));
      else work.push(new Promise((done) => together.push({ ticket, item, done })));
    }
    const { runAll } = step;
    if (runAll && together.length > 0) await runTogether(ctx, together, (admitted) => runAll(shared, admitted, source));
    const settled = await Promise.all(work);
    const answered = settled.filter((s): s is Extract<Settled<R>, { ticket: MeterTicket }> => 'ticket' in s);
    const results = settled.map((s, index): BatchItemOutcome<R> => ('error' in s ? itemError(index, s.error) : { index, ...s.recorded.response }));
    const response = step.answer(shared, results, answered.length);
    if (answered.length === 0) {
      await ctx.idempotency.abandon(start);
      return response;
    }
    const records: NewOperation[] = answered.map((a) => a.recorded.record);
    if (caller.historyKeeps === 'digest') records.forEach(keepDigestOnly);
    try {
      // Every answered item's record and charge, and the batch's answer: one commit (docs/decisions/028).
      await ctx.operations.record(records, { charges: answered.map((a) => ctx.metering.charge(a.ticket)), idempotentAnswer: ctx.idempotency.answer(start, 200, response) });
    } catch (error) {
      await Promise.all(answered.map((a) => ctx.metering.refund(a.ticket)));
      throw engineFailure(error, true);
    }
    // What is left of the allowance after the last item it answered (items admitted in order).
    quotaHeaders(res, answered.at(-1)!.ticket);
    return response;
  } catch (error) {
    await ctx.idempotency.abandon(start);
    throw error;
  }
}

/** One admitted item's engine work; a failure refunds its ticket and names the item's error. */
async function runItem<R>(ctx: AppContext, ticket: MeterTicket, run: () => Promise<Recorded<R>>): Promise<Settled<R>> {
  try {
    return { ticket, recorded: await run() };
  } catch (error) {
    await ctx.metering.refund(ticket);
    return { error: engineFailure(error, true) as AppError };
  }
}

/** The admitted items' engine work in one task; a failed item, or the whole task failing, refunds its tickets. */
async function runTogether<I, R>(
  ctx: AppContext,
  admitted: { ticket: MeterTicket; item: I; done: (s: Settled<R>) => void }[],
  run: (items: I[]) => Promise<(Recorded<R> | AppError)[]>,
): Promise<void> {
  let outcomes: (Recorded<R> | AppError)[];
  try {
    outcomes = await run(admitted.map((a) => a.item));
  } catch (error) {
    const failed = engineFailure(error, true) as AppError;
    outcomes = admitted.map(() => failed);
  }
  await Promise.all(
    admitted.map(async ({ ticket, done }, i) => {
      const outcome = outcomes[i]!;
      if (outcome instanceof AppError) {
        await ctx.metering.refund(ticket);
        done({ error: outcome });
      } else done({ ticket, recorded: outcome });
    }),
  );
}
