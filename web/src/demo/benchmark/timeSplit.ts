/**
 * Where the server's time goes (docs/product.md §2.5, docs/decisions/040). Per step: the server's
 * own time for it (prepare, engine, record committed), the engine worker's part of that, and the
 * rest (handing the task to a worker and back, the key unsealed, the answer and record built and
 * committed). The rest is taken per operation, step − engine of the same answer, and only then the
 * median: a difference of medians would pair one operation's step with another's engine time.
 * Per call: what the page's round trip adds over the server's time for it (network, HTTP, JSON).
 */
import type { BatchCall } from './serverBatch.ts';
import { median, type Sample } from './stats.ts';

export type Step = 'sign' | 'verify';

export interface StepSplit {
  step: Step;
  /** Successful operations whose answer for this step carried an engine time: the medians' sample size. */
  timed: number;
  /** Medians over those operations only, so the three figures describe the same steps; null when timed is 0. */
  serverMs: number | null;
  engineMs: number | null;
  remainderMs: number | null;
}

export interface TimeSplit {
  /** Successful operations, timed or not. */
  succeeded: number;
  steps: [StepSplit, StepSplit];
  /** No successful answer carried an engine time. */
  unavailable: boolean;
}

const FIGURES = {
  sign: { server: 'signMs', engine: 'engineSignMs' },
  verify: { server: 'verifyMs', engine: 'engineVerifyMs' },
} as const;

function splitStep(ok: readonly Sample[], step: Step): StepSplit {
  const { server, engine } = FIGURES[step];
  const pairs = ok.flatMap((s) => {
    const engineMs = s[engine];
    return engineMs === undefined ? [] : [{ serverMs: s[server], engineMs }];
  });
  return {
    step,
    timed: pairs.length,
    serverMs: median(pairs.map((p) => p.serverMs)),
    engineMs: median(pairs.map((p) => p.engineMs)),
    remainderMs: median(pairs.map((p) => p.serverMs - p.engineMs)),
  };
}

/** The split of one side's samples; a failed operation has no steps worth splitting and is left out. */
export function timeSplit(samples: readonly Sample[]): TimeSplit {
  const ok = samples.filter((s) => s.ok);
  const steps: [StepSplit, StepSplit] = [splitStep(ok, 'sign'), splitStep(ok, 'verify')];
  return { succeeded: ok.length, steps, unavailable: steps.every((s) => s.timed === 0) };
}

export interface HttpOverhead {
  /** Calls that answered. */
  calls: number;
  /** Operations those calls ran. */
  operations: number;
  /** Median over the calls of round trip − the server's time for the call, ms. */
  perCallMs: number;
  /** All calls' round trips minus the server's time, shared out over their operations, ms. */
  perOperationMs: number;
}

/** What HTTP added to the server's own time, per call and per operation; null before any call answered. */
export function httpOverhead(calls: readonly BatchCall[]): HttpOverhead | null {
  const answered = calls.filter((c) => c.operations > 0);
  if (!answered.length) return null;
  // A round trip shorter than the server's own time can only be clock noise: the network took 0 then.
  const extra = answered.map((c) => Math.max(0, c.roundTripMs - c.serverMs));
  const operations = answered.reduce((n, c) => n + c.operations, 0);
  return {
    calls: answered.length,
    operations,
    perCallMs: median(extra)!,
    perOperationMs: extra.reduce((a, b) => a + b, 0) / operations,
  };
}
