// The harness's own tests. They check shapes and plumbing only: performance is never asserted,
// since figures on a shared 2-core machine say nothing reliable about the code.
import { describe, expect, it } from 'vitest';
import { parseCommand } from './cli.ts';
import { measure } from './measure.ts';
import { createProgress, silentProgress } from './progress.ts';
import { runSuite } from './run.ts';
import { formatRatio, formatTable } from './table.ts';

describe('measure', () => {
  it('reports the median ops/s of its rounds', () => {
    let calls = 0;
    const ticks: number[] = [];
    const m = measure(() => ++calls, { warmupMs: 2, roundMs: 2, rounds: 3 }, (f) => ticks.push(f));
    expect(m.roundsOpsPerSec).toHaveLength(3);
    for (const rate of m.roundsOpsPerSec) expect(rate).toBeGreaterThan(0);
    expect(m.opsPerSec).toBeGreaterThan(0);
    expect(Number.isFinite(m.opsPerSec)).toBe(true);
    expect([...m.roundsOpsPerSec].sort((a, b) => a - b)[1]).toBe(m.opsPerSec);
    expect(m.spread).toBeGreaterThanOrEqual(0);
    expect(m.calls).toBeGreaterThanOrEqual(3);
    expect(calls).toBeGreaterThanOrEqual(m.calls);
    for (const f of ticks) expect(f >= 0 && f <= 1).toBe(true);
  });

  it('rejects an empty budget', () => {
    expect(() => measure(() => 0, { warmupMs: 0, roundMs: 1, rounds: 0 })).toThrow(RangeError);
  });
});

describe('table', () => {
  it('aligns every column', () => {
    const text = formatTable({
      title: 't',
      columns: [{ header: 'name' }, { header: 'ops/s', align: 'right' }],
      rows: [['a', '1'], ['longer name', '12,345'], { note: 'a note' }],
    });
    const lines = text.split('\n').slice(2, 5);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(text).toContain('(a note)');
    expect(formatRatio(10, 4)).toBe('2.50x');
    expect(formatRatio(1, 0)).toBe('n/a');
  });
});

describe('cli', () => {
  it('selects the engine suite by default and parses --quick', () => {
    expect(parseCommand([])).toEqual({ kind: 'run', suite: 'engine', quick: false });
    expect(parseCommand(['native', '--quick'])).toEqual({ kind: 'run', suite: 'native', quick: true });
    expect(parseCommand(['nope']).kind).toBe('error');
    expect(parseCommand(['--fast']).kind).toBe('error');
  });

  it('takes --db postgres with instance counts for the http suite only, and names what is wrong otherwise', () => {
    expect(parseCommand(['http', '--db', 'postgres', '--instances', '1,2'])).toEqual({ kind: 'run', suite: 'http', quick: false, scaleOut: { instances: [1, 2] } });
    expect(parseCommand(['http', '--db', 'postgres'])).toEqual({ kind: 'run', suite: 'http', quick: false, scaleOut: { instances: [1, 2] } });
    expect(parseCommand(['http', '--db', 'sqlite'])).toEqual({ kind: 'run', suite: 'http', quick: false });
    expect(parseCommand(['engine', '--db', 'postgres'])).toEqual({ kind: 'error', message: '--db postgres is for the http suite' });
    expect(parseCommand(['http', '--db', 'mysql'])).toEqual({ kind: 'error', message: '--db takes sqlite or postgres, got "mysql"' });
    expect(parseCommand(['http', '--instances', '2'])).toEqual({ kind: 'error', message: '--instances goes with --db postgres' });
    for (const bad of ['0', '1,x', '9', '1.5']) expect(parseCommand(['http', '--db', 'postgres', '--instances', bad]).kind).toBe('error');
  });
});

describe('progress', () => {
  it('prints plain lines when the stream is not a terminal', () => {
    let written = '';
    const progress = createProgress({ isTTY: false, write: (text: string) => (written += text) });
    progress.plan(2);
    progress.step('first')(0.5);
    progress.step('second');
    progress.clear();
    expect(written).toBe('[1/2] first\n[2/2] second\n');
  });
});

describe('engine suite', () => {
  it('runs end to end with --quick budgets', async () => {
    const blocks: string[] = [];
    await runSuite('engine', { quick: true, progress: silentProgress, out: (text) => blocks.push(text) });
    const output = blocks.join('\n');
    expect(output).toContain('engine/build/release.wasm');
    expect(output).toMatch(/SHA3-256 +1 KiB/);
    expect(output).toMatch(/SHAKE256\/32 +1 MiB/);
    for (const level of [44, 65, 87]) expect(output).toMatch(new RegExp(`ML-DSA-${level} verify +[0-9,.]+ ±`));
  });
});
