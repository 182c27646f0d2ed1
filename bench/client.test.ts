// The client suite end to end with --quick budgets: the server starts, both contenders answer
// every call with 200, and the table carries each figure. Performance is never asserted (see bench.test.ts).
import { describe, expect, it } from 'vitest';
import { silentProgress } from './progress.ts';
import { runSuite } from './run.ts';

describe('client suite', () => {
  it('times the typed client beside a bare fetch on a GET and a POST and reports per-call µs, CPU and the ratio', async () => {
    const blocks: string[] = [];
    await runSuite('client', { quick: true, progress: silentProgress, out: (text) => blocks.push(text) });
    const output = blocks.join('\n');
    expect(output).toMatch(/The typed client vs a bare fetch, one call at a time, 3 interleaved rounds of 10 calls: medians, and the median of the rounds' paired ratios/);
    // fetch, client, the difference in %, added µs, then the three CPU figures.
    const figures = `\\d+ µs +\\d+ µs +[+-]\\d+\\.\\d %${' +-?\\d+ µs'.repeat(4)}`;
    expect(output).toMatch(new RegExp(`^GET /api/v1/health +${figures}$`, 'm'));
    expect(output).toMatch(new RegExp(`^POST /api/v1/crypto/dilion/verify \\(7 KB body\\) +${figures}$`, 'm'));
    expect(output).toMatch(/^ {2}GET \/api\/v1\/health: the client at [0-9.]+x the bare fetch per call \((met|not met)\)$/m);
  }, 60_000);
});
