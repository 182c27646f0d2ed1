/**
 * `npm run bench -- http`: Dilion signing over HTTP. Starts the real server (`server/main.ts`, in
 * its own process so the load generator does not share its event loop) on a free loopback port
 * with a temporary database, creates an account and key, and signs with N concurrent keep-alive
 * clients. Prints requests/s next to the engine's own ML-DSA-65 ops/s times its worker count (the
 * most the pool could do), their ratio (issue 3's target: at least 0.8), and p50/p99 latency.
 *
 * Three more figures say where the time goes (docs/decisions/010):
 * - the engine pool's own rate with every worker busy and no HTTP at all;
 * - the floor: the same load against `bench/http/floor-server.ts` (node:http + the same pool, no
 *   framework, database or checks), about the most any Node server could reach on this machine;
 * - for each row, the server's CPU time per request: its main thread, and all its threads.
 */
import { availableParallelism } from 'node:os';
import { loadEngine } from '../../engine/src/index.ts';
import { EnginePool } from '../../server/engine/pool.ts';
import { cpuTimes } from '../http/process-cpu.ts';
import { runLoad } from '../http/load.ts';
import { startFloor, startProduct, type RunningServer } from '../http/servers.ts';
import { measure, type OnTick } from '../measure.ts';
import type { Suite, SuiteContext } from '../suite.ts';
import { formatFigure, formatRatio, formatTable, type Row } from '../table.ts';

const TARGET_RATIO = 0.8;
const MESSAGE = 'authentication request';
const CONTEXT = new TextEncoder().encode('dilion/v1|default');
const SEED = new Uint8Array(32).fill(7);
const M = new Uint8Array([0, ...new TextEncoder().encode(MESSAGE)]);

/** Signs through the pool with `inFlight` tasks outstanding for `ms`: the workers' rate with no HTTP. */
async function poolRate(workers: number, ms: number, onTick: OnTick): Promise<number> {
  const pool = new EnginePool(workers);
  try {
    await pool.ready();
    await Promise.all(Array.from({ length: workers }, () => pool.run('ping', {})));
    let done = 0;
    const end = performance.now() + ms;
    const start = performance.now();
    const lane = async () => {
      while (performance.now() < end) {
        await pool.run('mlDsaSign', { level: 65, seed: SEED, message: M, context: CONTEXT });
        done++;
        onTick(Math.min(1, (performance.now() - start) / ms));
      }
    };
    await Promise.all(Array.from({ length: workers * 4 }, lane));
    return done / ((performance.now() - start) / 1000);
  } finally {
    await pool.close();
  }
}

async function loadRows(name: string, server: RunningServer, levels: number[], durationMs: number, ceiling: number, ctx: SuiteContext): Promise<Row[]> {
  const rows: Row[] = [];
  for (const clients of levels) {
    const before = cpuTimes(server.pid);
    const r = await runLoad({
      port: server.port,
      path: server.path,
      headers: server.headers,
      body: { message: MESSAGE },
      clients,
      durationMs,
      onTick: ctx.progress.step(`${name}: HTTP sign with ${clients} clients`),
    });
    const after = cpuTimes(server.pid);
    const perRequest = (ms: number | undefined) => (ms === undefined || r.answered === 0 ? 'n/a' : `${Math.round((ms * 1000) / r.answered)} µs`);
    rows.push([
      name,
      String(clients),
      formatFigure(r.requestsPerSec, 0),
      formatRatio(r.requestsPerSec, ceiling),
      `${r.p50.toFixed(1)} ms`,
      `${r.p99.toFixed(1)} ms`,
      perRequest(after && before && after.mainMs - before.mainMs),
      perRequest(after && before && after.allMs - before.allMs),
      String(r.failures),
    ]);
  }
  return rows;
}

export const httpSuite: Suite = {
  name: 'http',
  description: 'Dilion sign over HTTP with concurrent clients vs the engine ops/s × workers',
  async run(ctx: SuiteContext) {
    const workers = availableParallelism();
    const levels = ctx.quick ? [4] : [1, 4, 16, 64];
    const durationMs = ctx.quick ? 500 : 5_000;
    ctx.progress.plan(2 + 2 * levels.length);

    // The engine's own rate for what one request asks of a worker: derive the key from its seed, sign.
    const engine = await loadEngine();
    const single = measure(() => engine.mlDsa65.sign(M, engine.mlDsa65.keygen(SEED).secretKey, { context: CONTEXT }), ctx.budget, ctx.progress.step('engine: ML-DSA-65 keygen-from-seed + sign, one thread'));
    const ceiling = single.opsPerSec * workers;
    const pooled = await poolRate(workers, ctx.quick ? 300 : 3_000, ctx.progress.step(`engine pool: ${workers} workers, no HTTP`));

    const rows: Row[] = [];
    for (const [name, startServer] of [['floor', startFloor], ['product', startProduct]] as const) {
      const server = await startServer(workers);
      try {
        rows.push(...(await loadRows(name, server, levels, durationMs, ceiling, ctx)));
      } finally {
        await server.stop();
      }
    }
    ctx.print(
      [
        `engine, one thread: ${formatFigure(single.opsPerSec, single.spread)} ops/s; × ${workers} workers = ${formatFigure(ceiling, single.spread)} ops/s (the ceiling)`,
        `engine pool, ${workers} workers busy, no HTTP: ${formatFigure(pooled, 0)} ops/s (${formatRatio(pooled, ceiling)} of the ceiling)`,
        '',
        formatTable({
          title: `POST sign over loopback, ${workers} engine workers, ${durationMs / 1000} s per row (target: HTTP/ceiling ≥ ${TARGET_RATIO}); floor = node:http + pool only, product = server/main.ts`,
          columns: [
            { header: 'server' },
            { header: 'clients', align: 'right' },
            { header: 'HTTP req/s', align: 'right' },
            { header: 'HTTP/ceiling', align: 'right' },
            { header: 'p50', align: 'right' },
            { header: 'p99', align: 'right' },
            { header: 'CPU/req main', align: 'right' },
            { header: 'CPU/req all', align: 'right' },
            { header: 'errors', align: 'right' },
          ],
          rows,
        }),
      ].join('\n'),
    );
  },
};
