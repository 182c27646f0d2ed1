/**
 * Where a server step's time goes (issue 16): the round trip the page measured, the engine's own time
 * from the answer's Server-Timing header, and the rest (network, HTTP, JSON, queueing). The rest is
 * taken per call, round trip − engine of the same answer, and only then the median: a difference of
 * medians would pair one call's round trip with another's engine time.
 */
import { median, type Sample } from './stats.ts';

export type Step = 'sign' | 'verify';

export interface StepSplit {
  step: Step;
  /** Successful operations whose answer for this step carried an engine time: the medians' sample size. */
  timed: number;
  /** Medians over those operations only, so the three figures describe the same calls; null when timed is 0. */
  roundTripMs: number | null;
  engineMs: number | null;
  remainderMs: number | null;
}

export interface TimeSplit {
  /** Successful operations, timed or not. */
  succeeded: number;
  steps: [StepSplit, StepSplit];
  /** No successful answer carried an engine time (an older server, or a proxy that drops the header). */
  unavailable: boolean;
}

const FIGURES = {
  sign: { roundTrip: 'signMs', engine: 'engineSignMs' },
  verify: { roundTrip: 'verifyMs', engine: 'engineVerifyMs' },
} as const;

function splitStep(ok: readonly Sample[], step: Step): StepSplit {
  const { roundTrip, engine } = FIGURES[step];
  const pairs = ok.flatMap((s) => {
    const engineMs = s[engine];
    return engineMs === undefined ? [] : [{ roundTripMs: s[roundTrip], engineMs }];
  });
  return {
    step,
    timed: pairs.length,
    roundTripMs: median(pairs.map((p) => p.roundTripMs)),
    engineMs: median(pairs.map((p) => p.engineMs)),
    remainderMs: median(pairs.map((p) => p.roundTripMs - p.engineMs)),
  };
}

/** The split of one side's samples; a failed operation has no round trip worth splitting and is left out. */
export function timeSplit(samples: readonly Sample[]): TimeSplit {
  const ok = samples.filter((s) => s.ok);
  const steps: [StepSplit, StepSplit] = [splitStep(ok, 'sign'), splitStep(ok, 'verify')];
  return { succeeded: ok.length, steps, unavailable: steps.every((s) => s.timed === 0) };
}
