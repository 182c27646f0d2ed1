/**
 * POST /api/demo/benchmark: the server side of the demo's Performance Benchmark (docs/product.md
 * §2.5, docs/decisions/040). A default run of 100 operations would take 200 calls to the per-call
 * demo routes, past their 120 a minute per address; here one call runs up to 500 operations, so a
 * run takes a handful of calls, counted on a limit of their own, and the visitor's demo allowance
 * stays whole. Operations run one after another on the engine pool, one call at a time per
 * address, and stop when the caller goes away.
 */
import { DemoBenchmarkRequest, DemoBenchmarkResponse } from '../../contract/demo-benchmark.ts';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/route.ts';
import { demoSessionOf } from '../demo/demo-session.ts';
import { BenchmarkOperations, type OperationResult } from './benchmark-operations.ts';
import { RunningBenchmarks } from './running-benchmarks.ts';

const DESCRIPTION = [
  'No login; not metered. Runs `count` benchmark operations of the algorithm on the server with this browser session’s key,',
  'numbered from `first`: each signs "Benchmark test N" and verifies the signature (zk-FIDNA: proves balance_proof for a',
  'random secret from 100 to 599 under a random balance from 1,000 to 5,999 and verifies the proof with its attestation).',
  'Operations run one after another and are recorded in the session’s history like demo calls; each answers the server’s',
  'own time per step (prepare, engine, record committed) and the engine’s. Calls are rate-limited per address apart from',
  'the other demo routes (the same number a minute), and one runs at a time per address.',
].join(' ');

export function demoBenchmarkRoutes(ctx: AppContext): void {
  // Its own counter, of the demo's size: a benchmark run does not use up the visitor's demo calls.
  const limit = ctx.limits.demoBenchmark;
  const running = new RunningBenchmarks();

  ctx.api.route(
    {
      method: 'post', path: '/api/demo/benchmark', tag: 'Demo', auth: 'session', body: DemoBenchmarkRequest,
      summary: 'Demo: run benchmark operations on the server and time each', description: DESCRIPTION,
      before: [limit],
      responses: {
        200: { description: 'Each operation’s times and verdict', schema: DemoBenchmarkResponse },
        ...errorResponses({ 429: 'rate_limited: too many benchmark calls from this address; benchmark_busy: one is already running from it' }),
      },
    },
    async ({ req, res, body }) => {
      const start = performance.now();
      const release = running.take(req.ip ?? '');
      // A caller that went away (Stop) gets no more operations run for it.
      let gone = false;
      res.on('close', () => (gone = !res.writableFinished));
      try {
        const demoSessionId = await demoSessionOf(req);
        const operations = new BenchmarkOperations(ctx, body.algorithm, { demoSessionId }, { channel: 'demo', userId: req.user?.id ?? null, demoSessionId, apiKey: null });
        await operations.ready();
        const results: OperationResult[] = [];
        for (let index = body.first; index < body.first + body.count && !gone; index++) results.push(await operations.run(index));
        if (gone) return undefined;
        return { algorithm: body.algorithm, operations: results, serverMs: performance.now() - start };
      } finally {
        release();
      }
    },
  );
}
