/**
 * `npm run bench -- fairness`: one tenant's calls while another floods the engine (docs/decisions/042).
 * The product runs with one engine worker (bench/fairness/tenants.ts). A light account signs with
 * Dilion one call at a time; a heavy account runs 64 concurrent zk-FIDNA proofs over 4 API keys
 * (16 each, the per-key cap). Three phases of the same length after a warm-up: light alone, heavy
 * alone, both.
 *
 * Targets: the light tenant's p99 under the heavy load at most its p99 alone plus one heavy task
 * (the median engine time of a proof, from the heavy account's operation records of this run): it
 * waits for the proof already running, never for the heavy tenant's queue. And the heavy tenant
 * keeps at least 90 % of its solo throughput while the light one runs.
 */
import { runLoad, type LoadResult } from '../http/load.ts';
import { percentile } from '../load/open-loop.ts';
import { startTenants } from '../fairness/tenants.ts';
import type { Suite, SuiteContext } from '../suite.ts';
import { formatTable } from '../table.ts';

/** The heavy tenant's keys and closed-loop clients per key: 4 × 16 as measured in production; --quick runs 2 × 4, so its queue drains in a second. */
const HEAVY = { keys: 4, perKey: 16 };
const QUICK_HEAVY = { keys: 2, perKey: 4 };
const SIGN = { path: '/api/crypto/dilion/sign', body: { message: 'light tenant' } };
const PROVE = { path: '/api/crypto/zk-fidna/prove', body: { secretValue: 500, balanceValue: '1000', circuitType: 'balance_proof' } };
export const HEAVY_SHARE_TARGET = 0.9;

/** The heavy tenant's load: `perKey` closed-loop clients on each of its keys, summed. */
interface HeavyResult {
  proofsPerSec: number;
  failures: number;
}

export interface FairnessFigures {
  heavyKeys: number;
  heavyClients: number;
  lightAlone: LoadResult;
  lightLoaded: LoadResult;
  heavyAlone: HeavyResult;
  heavyLoaded: HeavyResult;
  /** Median engine time of one heavy task (a zk-FIDNA proof), ms. */
  heavyTaskMs: number;
  /** Its 99th percentile, ms: how long the proof a call waits for may run on this machine. */
  heavyTaskP99Ms: number;
}

export interface FairnessVerdict {
  latencyBoundMs: number;
  latencyMet: boolean;
  heavyShare: number;
  throughputMet: boolean;
}

export function verdictOf(f: FairnessFigures): FairnessVerdict {
  const latencyBoundMs = f.lightAlone.p99 + f.heavyTaskMs;
  const heavyShare = f.heavyLoaded.proofsPerSec / f.heavyAlone.proofsPerSec;
  return { latencyBoundMs, latencyMet: f.lightLoaded.p99 <= latencyBoundMs, heavyShare, throughputMet: heavyShare >= HEAVY_SHARE_TARGET };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const met = (ok: boolean) => (ok ? 'met' : 'not met');

export function report(f: FairnessFigures, seconds: number): string {
  const v = verdictOf(f);
  const light = (name: string, r: LoadResult) => [name, String(r.answered - r.failures), ms(r.p50), ms(r.p99), String(r.failures)];
  const heavy = (name: string, r: HeavyResult) => [name, r.proofsPerSec.toFixed(1), String(r.failures)];
  return [
    formatTable({
      title: `Light tenant: Dilion sign, one call at a time, ${seconds} s per phase (one engine worker)`,
      columns: [{ header: 'phase' }, { header: 'calls', align: 'right' }, { header: 'p50', align: 'right' }, { header: 'p99', align: 'right' }, { header: 'errors', align: 'right' }],
      rows: [light('alone', f.lightAlone), light(`with the heavy tenant's ${f.heavyClients} proofs`, f.lightLoaded)],
    }),
    '',
    formatTable({
      title: `Heavy tenant: zk-FIDNA prove (balance_proof), ${f.heavyClients} concurrent calls over ${f.heavyKeys} API keys; proofs/s while all were sending`,
      columns: [{ header: 'phase' }, { header: 'proofs/s', align: 'right' }, { header: 'errors', align: 'right' }],
      rows: [heavy('alone', f.heavyAlone), heavy('with the light tenant', f.heavyLoaded)],
    }),
    '',
    `heavy task: a proof's engine time, median ${ms(f.heavyTaskMs)}, p99 ${ms(f.heavyTaskP99Ms)} (the heavy account's operation records of this run)`,
    `light p99 under load ${ms(f.lightLoaded.p99)} ≤ p99 alone ${ms(f.lightAlone.p99)} + one heavy task ${ms(f.heavyTaskMs)} = ${ms(v.latencyBoundMs)}: ${met(v.latencyMet)}`,
    `heavy throughput with the light tenant ${(v.heavyShare * 100).toFixed(1)} % of alone (target ≥ ${HEAVY_SHARE_TARGET * 100} %): ${met(v.throughputMet)}`,
    `fairness target ${met(v.latencyMet && v.throughputMet)}`,
  ].join('\n');
}

export const fairnessSuite: Suite = {
  name: 'fairness',
  description: "one tenant's Dilion sign latency while another runs 64 concurrent zk-FIDNA proofs, one engine worker",
  async run(ctx: SuiteContext) {
    // 20 s: beside the heavy load the light tenant answers some 25 calls a second, so its p99 rests on a handful of calls.
    const durationMs = ctx.quick ? 500 : 20_000;
    ctx.progress.plan(4);
    ctx.progress.step('starting the server (1 engine worker) with a light and a heavy account');
    const heavyShape = ctx.quick ? QUICK_HEAVY : HEAVY;
    const tenants = await startTenants(heavyShape.keys, heavyShape.perKey);
    try {
      const { port } = tenants.server;
      const lightLoad = (ms: number, label?: string) =>
        runLoad({ port, ...SIGN, headers: tenants.light, clients: 1, durationMs: ms, ...(label ? { onTick: ctx.progress.step(label) } : {}) });
      const heavyLoad = async (ms: number, label?: string): Promise<HeavyResult> => {
        const onTick = label ? ctx.progress.step(label) : undefined;
        const runs = await Promise.all(tenants.heavy.map((headers) => runLoad({ port, ...PROVE, headers, clients: heavyShape.perKey, durationMs: ms, ...(onTick ? { onTick } : {}) })));
        // Proofs answered while all its clients were sending: the drain after, with the other tenant gone, is left out.
        return { proofsPerSec: runs.reduce((s, r) => s + r.okWithin, 0) / (ms / 1000), failures: runs.reduce((s, r) => s + r.failures, 0) };
      };
      // Unmeasured: V8 compiles both paths, each account gets its signing key, the pool learns the tasks' costs.
      await Promise.all([lightLoad(ctx.quick ? 200 : 2_000), heavyLoad(ctx.quick ? 200 : 2_000)]);
      const lightAlone = await lightLoad(durationMs, 'light tenant alone');
      const heavyAlone = await heavyLoad(durationMs, 'heavy tenant alone');
      const [lightLoaded, heavyLoaded] = await Promise.all([lightLoad(durationMs), heavyLoad(durationMs, 'both tenants')]);
      const engineMs = tenants.heavyEngineMs().sort((a, b) => a - b);
      const shape = { heavyKeys: heavyShape.keys, heavyClients: heavyShape.keys * heavyShape.perKey };
      const heavyTask = { heavyTaskMs: percentile(engineMs, 0.5), heavyTaskP99Ms: percentile(engineMs, 0.99) };
      ctx.print(report({ ...shape, lightAlone, lightLoaded, heavyAlone, heavyLoaded, ...heavyTask }, durationMs / 1000));
    } finally {
      await tenants.server.stop();
    }
  },
};
