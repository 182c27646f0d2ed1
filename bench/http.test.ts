// The http suite end to end with --quick budgets: both servers start, answer every signing request
// with 200, and the table carries each figure. Performance is never asserted (see bench.test.ts).
import { describe, expect, it } from 'vitest';
import { silentProgress } from './progress.ts';
import { runSuite } from './run.ts';

describe('http suite', () => {
  it('signs over HTTP against the floor and the product and reports CPU per request', async () => {
    const blocks: string[] = [];
    await runSuite('http', { quick: true, progress: silentProgress, out: (text) => blocks.push(text) });
    const output = blocks.join('\n');
    expect(output).toMatch(/engine pool, \d+ workers busy, no HTTP: [0-9,]+ ±0% ops\/s/);
    // The floor's own ratio to itself is 1.00x by construction; the product's is measured.
    const cpu = '(\\d+ µs|n\\/a) +'.repeat(5);
    // A machine busy with other work may answer under 10 req/s, which the table prints with decimals.
    const rate = '[0-9,.]+ ±0%';
    expect(output).toMatch(new RegExp(`^floor +4 +${rate} +[0-9.]+x +1\\.00x +[0-9.]+ ms +[0-9.]+ ms +${cpu}0$`, 'm'));
    expect(output).toMatch(new RegExp(`^product +4 +${rate} +[0-9.]+x +[0-9.]+x +[0-9.]+ ms +[0-9.]+ ms +${cpu}0$`, 'm'));
    expect(output).toMatch(/the targets: the product at ≥ 0\.6x of the floor, with ≤ 200 µs of main-thread CPU per signed call/);
    expect(output).toMatch(/^ {2}4 clients: [0-9.]+x of the floor \((met|not met)\), main-thread CPU (\d+ µs per signed call \((met|not met)\); [0-9.]+x the floor's \d+ µs, where the target allowed 3\.0x on the machine it was set on|n\/a per signed call \(n\/a\))$/m);
    // Metrics on against off (docs/decisions/062): interleaved pairs, their median ratio, and the work alone.
    expect(output).toMatch(/^metrics on \(METRICS_TOKEN\) vs off, 16 clients, 3 interleaved pairs \(req\/s off\/on: [0-9,.]+\/[0-9,.]+, /m);
    expect(output).toMatch(/^ {2}on\/off median ratio [0-9.]+: cost -?[0-9.]+ % \(target ≤ 3 %: (met|not met)\)$/m);
    expect(output).toMatch(/^ {2}main-thread CPU per call, off\/on: (\d+ µs|n\/a)\/(\d+ µs|n\/a), .*; median on\/off ([0-9.]+: -?[0-9.]+ %|n\/a: n\/a) per call$/m);
    expect(output).toMatch(/^ {2}their work for one signed call, timed alone: [0-9.]+ µs/m);
  }, 60_000);
});
