// The load suite and its parts. Performance is never asserted (see bench.test.ts): the suite runs
// end to end with --quick so it cannot rot, and the generator and the slope are checked on
// servers and samples whose answers are known.
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCommand } from './cli.ts';
import { rssOf, slopePerMinute } from './load/memory.ts';
import { percentile, runOpenLoop } from './load/open-loop.ts';
import { silentProgress } from './progress.ts';
import { runSuite } from './run.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Answers after `delayMs`, with 500 for paths under /fail. */
function listen(delayMs: number): Promise<{ port: number; bodies: string[] }> {
  const bodies: string[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      bodies.push(`${req.url} ${body}`);
      setTimeout(() => res.writeHead(req.url!.startsWith('/fail') ? 500 : 200, { 'content-length': 2 }).end('{}'), delayMs);
    });
  });
  return new Promise((resolve) => server!.listen(0, '127.0.0.1', () => resolve({ port: (server!.address() as { port: number }).port, bodies })));
}

describe('runOpenLoop', () => {
  it('starts calls on schedule whatever the answers take, and counts each kind apart', async () => {
    const { port, bodies } = await listen(150);
    const job = (i: number) => (i % 4 === 3 ? { kind: 'bad', path: '/fail', headers: {}, body: Buffer.from('{"i":0}') } : { kind: 'good', path: '/ok', headers: {}, body: Buffer.from(`{"i":${i}}`) });
    const result = await runOpenLoop({ port, rate: 200, durationMs: 200, job });
    // 40 calls in 200 ms although each answer takes 150 ms: a closed loop of a few clients could not.
    expect(result.byKind.get('good')).toMatchObject({ sent: 30, ok: 30, errors: 0 });
    expect(result.byKind.get('bad')).toMatchObject({ sent: 10, ok: 0, errors: 10, causes: { 500: 10 } });
    expect(bodies).toContain('/ok {"i":1}');
    const latencies = result.byKind.get('good')!.latencies;
    // Node's timers may fire a fraction of a millisecond early against performance.now().
    expect(latencies[0]).toBeGreaterThanOrEqual(145);
    expect(latencies).toEqual([...latencies].sort((a, b) => a - b));
  });

  it('counts calls still unanswered after the drain as errors', async () => {
    const { port } = await listen(2_000);
    const result = await runOpenLoop({ port, rate: 50, durationMs: 100, drainMs: 100, job: () => ({ kind: 'slow', path: '/', headers: {}, body: Buffer.from('{}') }) });
    expect(result.byKind.get('slow')).toMatchObject({ sent: 5, ok: 0, errors: 5, causes: { unanswered: 5 } });
  });

  it('names the system error of calls whose connection the server reset', async () => {
    server = createServer((req) => req.socket.resetAndDestroy());
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const result = await runOpenLoop({ port, rate: 50, durationMs: 100, job: () => ({ kind: 'reset', path: '/', headers: {}, body: Buffer.from('{}') }) });
    expect(result.byKind.get('reset')).toMatchObject({ sent: 5, ok: 0, errors: 5, causes: { 'network ECONNRESET': 5 } });
  });
});

describe('memory', () => {
  it('fits the slope of the samples in bytes per minute', () => {
    const growing = Array.from({ length: 10 }, (_, i) => ({ t: i * 6_000, bytes: 100e6 + i * 1e6 + (i % 2) * 2e5 }));
    expect(slopePerMinute(growing) / 1e6).toBeCloseTo(10, 0);
    expect(slopePerMinute(growing.map((s) => ({ ...s, bytes: 5e7 })))).toBe(0);
    expect(slopePerMinute(growing.slice(0, 1))).toBeNaN();
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4], 0.99)).toBe(4);
  });

  it.runIf(process.platform === 'linux')('reads the resident memory of a process', () => {
    expect(rssOf(process.pid)).toBeGreaterThan(10 * 1024 * 1024);
    expect(rssOf(2 ** 22 + 12_345)).toBeUndefined();
  });
});

describe('load suite', () => {
  it('takes --soak, for the load suite only', () => {
    expect(parseCommand(['load', '--soak', '--quick'])).toEqual({ kind: 'run', suite: 'load', quick: true, soak: true });
    expect(parseCommand(['engine', '--soak'])).toMatchObject({ kind: 'error', message: '--soak is for the load suite' });
  });

  it('drives the product at a fixed rate with --quick and reports latency, errors and memory', async () => {
    const blocks: string[] = [];
    await runSuite('load', { quick: true, progress: silentProgress, out: (text) => blocks.push(text) });
    const output = blocks.join('\n');
    for (const kind of ['sign', 'verify', 'all']) expect(output).toMatch(new RegExp(`^${kind} +\\d+ +[0-9.,]+ +[0-9.]+ ms +[0-9.]+ ms +[0-9.]+ ms +0$`, 'm'));
    expect(output).toMatch(/^sign +140 /m);
    expect(output).toMatch(/^server RSS: [0-9.]+ MB before the load, [0-9.]+ MB after/m);
  }, 60_000);

  it('reports the memory slope with --soak', async () => {
    const blocks: string[] = [];
    await runSuite('load', { quick: true, soak: true, progress: silentProgress, out: (text) => blocks.push(text) });
    const output = blocks.join('\n');
    expect(output).toMatch(/^RSS at 11 even steps of the run, MB: (\d+, ){10}\d+$/m);
    expect(output).toMatch(/^RSS slope after 1 s of warm-up: [+-][0-9.]+ MB\/min over \d+ samples: too short to judge$/m);
    expect(output).toMatch(/^RSS slope over the last half of the run: [+-][0-9.]+ MB\/min$/m);
  }, 60_000);
});

describe('gc-probe', () => {
  it('prints the memory left after a forced collection, in a process run with --expose-gc', () => {
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', './bench/load/gc-probe.mjs', '-e', 'setTimeout(() => {}, 700)'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, NODE_OPTIONS: '', GC_PROBE_MS: '200' },
      encoding: 'utf8',
    });
    expect(run.stderr).toMatch(/^gc-probe pid=\d+ t=\d+s rss=[0-9.]+MB heapUsed=[0-9.]+MB external=[0-9.]+MB$/m);
    expect(run.stderr.split('\n').filter((line) => line.startsWith('gc-probe')).length).toBeGreaterThanOrEqual(2);
  });
});
