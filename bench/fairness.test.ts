// The fairness suite end to end with --quick: both tenants' figures, the heavy task's time and the
// verdict lines have their shape. Performance is never asserted (see bench.test.ts); the verdict's
// arithmetic is, on figures whose answer is known.
import { describe, expect, it } from 'vitest';
import { parseCommand } from './cli.ts';
import { silentProgress } from './progress.ts';
import { runSuite } from './run.ts';
import { report, verdictOf, type FairnessFigures, type LightResult } from './suites/fairness.ts';

const light = (p99: number): LightResult => ({ calls: 1000, p50: p99 / 2, p99, failures: 0 });

describe('fairness suite', () => {
  it('is selectable on the command line', () => {
    expect(parseCommand(['fairness', '--quick'])).toEqual({ kind: 'run', suite: 'fairness', quick: true });
  });

  it('meets the targets only with the light p99 within one heavy task of alone and the heavy tenant at 90 % of its solo rate', () => {
    const base: FairnessFigures = { heavyKeys: 4, heavyClients: 64, lightAlone: light(5), lightLoaded: light(40), heavyAlone: { proofsPerSec: 30, failures: 0 }, heavyLoaded: { proofsPerSec: 28, failures: 0 }, heavyTaskMs: 35, heavyTaskP99Ms: 50 };
    expect(verdictOf(base)).toMatchObject({ latencyBoundMs: 40, latencyMet: true, throughputMet: true });
    expect(verdictOf({ ...base, lightLoaded: light(40.5) }).latencyMet).toBe(false);
    expect(verdictOf({ ...base, heavyLoaded: { proofsPerSec: 26.9, failures: 0 } }).throughputMet).toBe(false);
    expect(report(base, 4, 5)).toMatch(/^fairness target met$/m);
    expect(report({ ...base, heavyLoaded: { proofsPerSec: 20, failures: 0 } }, 4, 5)).toMatch(/^fairness target not met$/m);
  });

  it('runs both tenants against the product with --quick and prints their table and the verdict', async () => {
    const blocks: string[] = [];
    await runSuite('fairness', { quick: true, progress: silentProgress, out: (text) => blocks.push(text) });
    const output = blocks.join('\n');
    expect(output).toMatch(/^alone +\d+ +[0-9.]+ ms +[0-9.]+ ms +0$/m);
    expect(output).toMatch(/^with the heavy tenant's 8 proofs +\d+ +[0-9.]+ ms +[0-9.]+ ms +0$/m);
    expect(output).toMatch(/^alone +[0-9.]+ +0$/m);
    expect(output).toMatch(/^with the light tenant +[0-9.]+ +0$/m);
    expect(output).toMatch(/^heavy task: a proof's engine time, median [0-9.]+ ms, p99 [0-9.]+ ms /m);
    expect(output).toMatch(/^light p99 under load [0-9.]+ ms ≤ p99 alone [0-9.]+ ms \+ one heavy task [0-9.]+ ms = [0-9.]+ ms: (met|not met)$/m);
    expect(output).toMatch(/^ {2}for reference, with a proof's p99 instead of its median: [0-9.]+ ms \((met|not met)\)$/m);
    expect(output).toMatch(/^heavy throughput with the light tenant [0-9.]+ % of alone \(target ≥ 90 %\): (met|not met)$/m);
    expect(output).toMatch(/^fairness target (met|not met)$/m);
  }, 120_000);
});
