import { describe, expect, it } from 'vitest';
import type { Sample } from './stats.ts';
import { timesTable } from './timesTable.ts';

const sample = (index: number, ok: boolean, signMs: number, verifyMs: number): Sample => ({
  index,
  side: 'browser',
  ok,
  signMs,
  verifyMs,
  time: ok ? signMs + verifyMs : 0,
  size: null,
});

describe('the benchmark chart as a table', () => {
  it('has one row per operation with the times the lines plot, formatted as the page prints times', () => {
    const table = timesTable([sample(1, true, 3.456, 1.2), sample(2, true, 120.4, 45.67)], 'sign');
    expect(table.columns).toEqual(['Operation', 'sign (ms)', 'verify (ms)']);
    expect(table.rows).toEqual([
      ['1', '3.46 ms', '1.20 ms'],
      ['2', '120 ms', '45.7 ms'],
    ]);
  });

  it('says "failed" where a failed operation leaves a gap, and names the first step "prove" for zk-FIDNA', () => {
    const table = timesTable([sample(1, false, 0, 0)], 'prove');
    expect(table.columns[1]).toBe('prove (ms)');
    expect(table.rows).toEqual([['1', 'failed', 'failed']]);
  });
});
