/**
 * What Prometheus metrics cost a signed call (docs/decisions/062-metrics.md; target ≤ 3 % of
 * throughput). Two figures:
 * - over HTTP: the product with metrics off and a second one with them on (METRICS_TOKEN), loaded
 *   in interleaved pairs of rounds, the order flipped each pair, and the median of the pairs'
 *   on/off ratios: on a shared machine the load of the other tenants drifts over a minute, and a
 *   pair a few seconds apart sees nearly the same drift (as bench/measure.ts takes the median round).
 *   Each round also reads the server's main-thread CPU time per answered call (schedstat, in ns):
 *   the main thread is the product's bottleneck (docs/decisions/010), and its time per call moves
 *   far less with the machine's other load than the throughput does;
 * - alone: the metrics' work for one signed call (the request's counter and histogram, the
 *   admission, the engine task, a commit of its own) timed in this process with measure(), which a
 *   loaded machine moves far less than a throughput.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../server/config.ts';
import type { EnginePool } from '../../server/engine/pool.ts';
import type { TaskName } from '../../server/engine/protocol.ts';
import { createMetrics } from '../../server/observability/metrics.ts';
import { measure, type Budget, type OnTick } from '../measure.ts';
import { runLoad } from './load.ts';
import type { RunningServer } from './servers.ts';

/** A token of the accepted length for the bench's server with metrics on. */
export const BENCH_METRICS_ENV = { METRICS_TOKEN: 'bench-metrics-token-0123456789abcdef' };

interface Round {
  requestsPerSec: number;
  /** Main-thread CPU µs per answered call; undefined without /proc. */
  mainUs: number | undefined;
}

export interface PairedRounds {
  /** Each pair's rounds, off and on, in the order run. */
  pairs: { off: Round; on: Round }[];
  /** The median of the pairs' on/off ratios of req/s. */
  ratio: number;
  /** The median of the pairs' on/off ratios of main-thread CPU per call; undefined without /proc. */
  mainRatio: number | undefined;
}

/** The main thread's time on a CPU, ms (Linux schedstat); undefined elsewhere. */
function mainCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Loads `off` and `on` in `rounds` pairs of `roundMs` each with `clients` keep-alive clients. */
export async function pairedRounds(
  servers: { off: RunningServer; on: RunningServer },
  options: { clients: number; roundMs: number; rounds: number; body: object; onTick: OnTick },
): Promise<PairedRounds> {
  const pairs: PairedRounds['pairs'] = [];
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    const pair = {} as { off: Round; on: Round };
    for (const which of order) {
      const server = servers[which];
      const before = mainCpuMs(server.pid);
      const r = await runLoad({ port: server.port, path: server.path, headers: server.headers, body: options.body, clients: options.clients, durationMs: options.roundMs });
      const after = mainCpuMs(server.pid);
      pair[which] = { requestsPerSec: r.requestsPerSec, mainUs: before === undefined || after === undefined || r.answered === 0 ? undefined : ((after - before) * 1000) / r.answered };
    }
    pairs.push(pair);
    options.onTick((round + 1) / options.rounds);
  }
  const cpu = pairs.every((p) => p.on.mainUs !== undefined && p.off.mainUs !== undefined);
  return {
    pairs,
    ratio: median(pairs.map((p) => p.on.requestsPerSec / p.off.requestsPerSec)),
    mainRatio: cpu ? median(pairs.map((p) => p.on.mainUs! / p.off.mainUs!)) : undefined,
  };
}

/** µs of the metrics' own work for one signed call, timed alone. */
export async function metricsWorkPerCall(budget: Budget, onTick: OnTick): Promise<number> {
  let observeTask: (task: TaskName, ms: number) => void = () => {};
  const pool = { queued: 0, workersUp: 2, workersBusy: 1, observeTasks: (o: typeof observeTask) => ((observeTask = o), () => {}) } as unknown as EnginePool;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp', DATABASE_URL: 'postgres://bench@127.0.0.1/bench', PAYMENTS: 'off', ...BENCH_METRICS_ENV });
  const template = '/api/v1/crypto/dilion/sign';
  const metrics = await createMetrics({ config, pool, version: 'bench', templates: () => new Set([template]) });
  const req = { route: { path: template }, method: 'POST' } as Parameters<NonNullable<typeof metrics.onResponse>>[0];
  const res = { statusCode: 200 } as Parameters<NonNullable<typeof metrics.onResponse>>[1];
  try {
    const m = measure(
      () => {
        metrics.admitted('sign');
        observeTask('dilionSign', 0.31);
        metrics.committed(1, 0.00012);
        metrics.onResponse!(req, res, 0.0042);
      },
      budget,
      onTick,
    );
    return 1e6 / m.opsPerSec;
  } finally {
    metrics.close();
  }
}
