// The mlkem suite's own test: shapes and plumbing only, never performance (see bench.test.ts).
import { describe, expect, it } from 'vitest';
import { parseCommand } from './cli.ts';
import { silentProgress } from './progress.ts';
import { runSuite } from './run.ts';

describe('mlkem suite', () => {
  it('is selectable on the command line', () => {
    expect(parseCommand(['mlkem', '--quick'])).toEqual({ kind: 'run', suite: 'mlkem', quick: true });
  });

  it('runs end to end with --quick budgets', async () => {
    const blocks: string[] = [];
    await runSuite('mlkem', { quick: true, progress: silentProgress, out: (text) => blocks.push(text) });
    const output = blocks.join('\n');
    for (const level of [512, 768, 1024]) {
      for (const op of ['keygen', 'encapsulate', 'decapsulate']) expect(output).toMatch(new RegExp(`ML-KEM-${level} ${op} +[0-9,.]+ ±`));
    }
    expect(output).toMatch(/ML-KEM-768 vs the 5x-noble target: keygen [0-9.]+x \((met|below)\)/);
    expect(output).toMatch(/HPKE seal +[0-9,.]+ ±\d+% +[0-9,.]+ ±/);
    expect(output).toMatch(/HPKE open +[0-9,.]+ ±\d+% +[0-9,.]+ ±/);
    expect(output).toMatch(/1 MiB +[0-9,.]+ ±/);
  });
});
