/**
 * The server's side of a run, a batch at a time (docs/decisions/040): one POST /api/demo/benchmark
 * runs operations first..first+count−1 on the server, one after another, and answers each one's
 * times as the server measured them. The page times the call itself, so what the round trip adds
 * over the server's own time (network, HTTP, JSON) is known per call. A 429 is waited out with a
 * live countdown and the call repeated; any other failure fails the batch's operations with its reason.
 */
import { i18n } from '../../i18n/index.ts';
import type { AlgorithmId } from '../algorithms.ts';
import { DemoCallError, postDemo } from '../http.ts';
import { failedSample } from './operations.ts';
import type { Sample } from './stats.ts';
import { Cancelled, countDown, type WaitContext } from './wait.ts';
import type { z } from 'zod';
import type { DemoBenchmarkOperation } from '../../../../server/contract/demo-benchmark.ts';

export const BENCHMARK_PATH = '/api/demo/benchmark';

/** One call: how many operations it ran, the page's round trip and the server's own time for it. */
export interface BatchCall {
  operations: number;
  roundTripMs: number;
  serverMs: number;
}

export interface Batch {
  samples: Sample[];
  /** Null when the call failed as a whole. */
  call: BatchCall | null;
}

/** An operation as the server answers it (checked by hand here: zod stays out of the page's bundle). */
type Answered = z.infer<typeof DemoBenchmarkOperation>;

const isMs = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;
const isMsOrNull = (x: unknown) => x === null || isMs(x);

function isAnswered(x: unknown): x is Answered {
  const o = x as Partial<Record<keyof Answered, unknown>> | null;
  return (
    typeof o === 'object' && o !== null && Number.isInteger(o.index) && typeof o.ok === 'boolean' && isMs(o.signMs) && isMs(o.verifyMs) &&
    isMsOrNull(o.engineSignMs) && isMsOrNull(o.engineVerifyMs) && (o.size === null || Number.isInteger(o.size)) && (o.error === undefined || typeof o.error === 'string')
  );
}

/**
 * The answer checked against what was asked: the algorithm, the operations in order from `first`
 * (fewer only if the server stopped), and sane times. Anything else is a failed batch, not figures.
 */
export function parseBatch(body: unknown, algorithm: AlgorithmId, first: number, count: number): { operations: Answered[]; serverMs: number } {
  const b = body as { algorithm?: unknown; operations?: unknown; serverMs?: unknown } | null;
  const operations = b?.operations;
  if (b?.algorithm !== algorithm || !Array.isArray(operations) || operations.length > count || !isMs(b.serverMs)) {
    throw new Error(i18n.t('demo:benchmark.errors.notUnderstood'));
  }
  if (!operations.every((o, i) => isAnswered(o) && o.index === first + i)) throw new Error(i18n.t('demo:benchmark.errors.notUnderstood'));
  return { operations, serverMs: b.serverMs };
}

function toSample(o: Answered): Sample {
  if (!o.ok) return failedSample(o.index, 'server', o.error || i18n.t('demo:networkError'));
  return {
    index: o.index,
    side: 'server',
    ok: true,
    signMs: o.signMs,
    verifyMs: o.verifyMs,
    time: o.signMs + o.verifyMs,
    size: o.size,
    ...(o.engineSignMs === null ? {} : { engineSignMs: o.engineSignMs }),
    ...(o.engineVerifyMs === null ? {} : { engineVerifyMs: o.engineVerifyMs }),
  };
}

/** Seconds to wait for a 429 (rate_limited, or benchmark_busy while another tab's batch runs). */
const retryAfterOf = (error: unknown): number | null => (error instanceof DemoCallError && error.status === 429 ? (error.retryAfterSeconds ?? 5) : null);

export async function runServerBatch(algorithm: AlgorithmId, first: number, count: number, ctx: WaitContext): Promise<Batch> {
  for (;;) {
    const start = performance.now();
    try {
      const body = await postDemo<unknown>(BENCHMARK_PATH, { algorithm, first, count });
      const roundTripMs = performance.now() - start;
      const { operations, serverMs } = parseBatch(body, algorithm, first, count);
      return { samples: operations.map(toSample), call: { operations: operations.length, roundTripMs, serverMs } };
    } catch (error) {
      const wait = retryAfterOf(error);
      if (wait !== null) {
        // Only the attempt that ran is timed: the wait is shown, never counted.
        await countDown(wait, ctx);
        continue;
      }
      if (error instanceof Cancelled) throw error;
      const message = error instanceof DemoCallError ? error.serverMessage : error instanceof Error ? error.message : '';
      const reason = message || i18n.t('demo:networkError');
      return { samples: Array.from({ length: count }, (_, i) => failedSample(first + i, 'server', reason)), call: null };
    }
  }
}
