import { describe, expect, it } from 'vitest';
import type { Sample } from './stats.ts';
import { httpOverhead, timeSplit } from './timeSplit.ts';

const sample = (index: number, signMs: number, verifyMs: number, engine: Partial<Pick<Sample, 'engineSignMs' | 'engineVerifyMs'>> = {}): Sample => ({
  index,
  side: 'server',
  ok: true,
  signMs,
  verifyMs,
  time: signMs + verifyMs,
  size: 3309,
  ...engine,
});

describe('where the server’s time goes', () => {
  it('splits each step into the medians of the server’s time, the engine’s and the rest', () => {
    const split = timeSplit([
      sample(1, 10, 6, { engineSignMs: 2, engineVerifyMs: 1 }),
      sample(2, 14, 8, { engineSignMs: 3, engineVerifyMs: 1.5 }),
      sample(3, 12, 7, { engineSignMs: 4, engineVerifyMs: 2 }),
    ]);
    expect(split.unavailable).toBe(false);
    expect(split.steps[0]).toEqual({ step: 'sign', timed: 3, serverMs: 12, engineMs: 3, remainderMs: 8 });
    expect(split.steps[1]).toEqual({ step: 'verify', timed: 3, serverMs: 7, engineMs: 1.5, remainderMs: 5 });
  });

  it('uses only operations whose answer carried the engine time, for all three figures', () => {
    // Operation 2's step time would move the median if it were counted.
    const split = timeSplit([sample(1, 10, 6, { engineSignMs: 2 }), sample(2, 500, 6), sample(3, 20, 6, { engineSignMs: 4 })]);
    expect(split.succeeded).toBe(3);
    expect(split.steps[0]).toMatchObject({ timed: 2, serverMs: 15, engineMs: 3, remainderMs: 12 });
  });

  it('leaves failed operations out, even one that carries an engine time', () => {
    const failed: Sample = { ...sample(2, 0, 0, { engineSignMs: 50, engineVerifyMs: 50 }), ok: false, time: 0, error: 'The signature did not verify' };
    const split = timeSplit([sample(1, 10, 6, { engineSignMs: 2, engineVerifyMs: 1 }), failed]);
    expect(split.succeeded).toBe(1);
    expect(split.steps[0]).toMatchObject({ timed: 1, serverMs: 10, engineMs: 2, remainderMs: 8 });
    expect(split.steps[1]).toMatchObject({ timed: 1, engineMs: 1, remainderMs: 5 });
  });

  it('takes the median of each operation’s remainder, not the difference of the medians', () => {
    // Remainders 1, 2 and 100: median 2. Step median 11 − engine median 10 would say 1.
    const split = timeSplit([sample(1, 11, 1, { engineSignMs: 10 }), sample(2, 3, 1, { engineSignMs: 1 }), sample(3, 150, 1, { engineSignMs: 50 })]);
    expect(split.steps[0]).toMatchObject({ serverMs: 11, engineMs: 10, remainderMs: 2 });
  });

  it('marks the split unavailable when no answer carried an engine time, with no figures', () => {
    const split = timeSplit([sample(1, 10, 6), sample(2, 12, 7)]);
    expect(split.unavailable).toBe(true);
    expect(split.succeeded).toBe(2);
    expect(split.steps.map((s) => [s.timed, s.serverMs, s.engineMs, s.remainderMs])).toEqual([
      [0, null, null, null],
      [0, null, null, null],
    ]);
  });

  it('keeps the split available when only one step’s answers carried an engine time', () => {
    const split = timeSplit([sample(1, 10, 6, { engineVerifyMs: 1 })]);
    expect(split.unavailable).toBe(false);
    expect(split.steps[0]).toMatchObject({ timed: 0, remainderMs: null });
    expect(split.steps[1]).toMatchObject({ timed: 1, remainderMs: 5 });
  });

  it('marks a run with no successful operation unavailable', () => {
    const split = timeSplit([{ ...sample(1, 0, 0), ok: false, time: 0 }]);
    expect(split).toMatchObject({ succeeded: 0, unavailable: true });
  });
});

describe('what HTTP added to the server’s time', () => {
  it('takes the median per call and shares the total out over the operations', () => {
    const http = httpOverhead([
      { operations: 10, roundTripMs: 50, serverMs: 40 },
      { operations: 10, roundTripMs: 34, serverMs: 30 },
      { operations: 5, roundTripMs: 26, serverMs: 20 },
    ]);
    expect(http).toEqual({ calls: 3, operations: 25, perCallMs: 6, perOperationMs: 20 / 25 });
  });

  it('counts a round trip the server’s clock outran as no network time, and leaves out calls that ran nothing', () => {
    const http = httpOverhead([
      { operations: 2, roundTripMs: 9.9, serverMs: 10 },
      { operations: 0, roundTripMs: 30, serverMs: 1 },
    ]);
    expect(http).toEqual({ calls: 1, operations: 2, perCallMs: 0, perOperationMs: 0 });
  });

  it('has nothing to say before a call answered', () => {
    expect(httpOverhead([])).toBeNull();
  });
});
