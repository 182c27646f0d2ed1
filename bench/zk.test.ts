// The zk suite's own test: shapes and plumbing only, never performance (see bench.test.ts).
import { describe, expect, it } from 'vitest';
import { parseCommand } from './cli.ts';
import { silentProgress } from './progress.ts';
import { runSuite } from './run.ts';

describe('zk suite', () => {
  it('is selectable on the command line', () => {
    expect(parseCommand(['zk', '--quick'])).toEqual({ kind: 'run', suite: 'zk', quick: true });
  });

  it('runs end to end with --quick budgets: times per circuit, the targets line, sizes and the module', async () => {
    const blocks: string[] = [];
    await runSuite('zk', { quick: true, progress: silentProgress, out: (text) => blocks.push(text) });
    const output = blocks.join('\n');
    expect(output).toMatch(/balance_proof prove +[0-9.]+ ms ±\d+% +[0-9.]+ ms ±\d+% +[0-9.]+x/);
    expect(output).toMatch(/balance_proof verify +[0-9.]+ ms ±\d+% +[0-9.]+ ms ±\d+% +[0-9.]+x/);
    for (const circuit of ['range_proof', 'custom']) expect(output).toMatch(new RegExp(`${circuit} prove +[0-9.]+ ms ±\\d+% +- +-`));
    expect(output).toMatch(/balance_proof prove [0-9.]+ ms \(target <= 40 ms: (met|below)\), verify [0-9.]+ ms \(target <= 5 ms: (met|below)\), vs the reference [0-9.]+x \/ [0-9.]+x/);
    expect(output).toMatch(/verify one by one vs verifyBatch, 3 interleaved rounds/);
    for (const circuit of ['range_proof', 'balance_proof', 'custom']) expect(output).toMatch(new RegExp(`${circuit} +4 +[0-9.]+ ms +[0-9.]+ ms +[0-9.]+x`));
    expect(output).toMatch(/balance_proof proof +826 B/);
    expect(output).toMatch(/range_proof proof +809 B/);
    expect(output).toMatch(/custom proof +923 B/);
    expect(output).toMatch(/ML-DSA-65 attestation \(signature\) +3,309 B/);
    expect(output).toMatch(/gzip -9 +[0-9,]+ B \([0-9.]+ KiB; limit 150\.0 KiB: (met|over)\)/);
    expect(output).toContain('a2292a529e749dbdc4ddc53812eed350a5cf8e4bb476d3d9f2cf7fe5ecf7102a');
  }, 60_000);
});
