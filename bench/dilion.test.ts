// The dilion suite's own test: shapes and plumbing only, never performance (see bench.test.ts).
import { describe, expect, it } from 'vitest';
import { silentProgress } from './progress.ts';
import { runSuite } from './run.ts';

describe('dilion suite', () => {
  it('runs end to end with --quick budgets and reports the ratio against the target', async () => {
    const blocks: string[] = [];
    await runSuite('dilion', { quick: true, progress: silentProgress, out: (text) => blocks.push(text) });
    const output = blocks.join('\n');
    expect(output).toMatch(/Dilion sign with uid \(HPKE seal \+ aad \+ ML-DSA-65\) +[0-9,.]+ ±/);
    expect(output).toMatch(/vs plain ML-DSA-65 sign: [0-9.]+x the time \(target at most 1.3x: (met|missed)\)/);
  });
});
