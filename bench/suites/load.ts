/**
 * `npm run bench -- load`: the product under a steady mixed load. One server (`server/main.ts`,
 * production mode, its own process, a paid-plan API key; bench/http/servers.ts) receives Dilion
 * sign and verify calls, 7 signs for every 3 verifies, at a fixed rate for a set time
 * (bench/load/open-loop.ts). It reports what was answered, errors, p50/p95/p99 latency from each
 * call's scheduled start, and the server's resident memory before and after.
 *
 * `--soak` runs longer at a lower rate, samples the memory every few seconds and reports its
 * least-squares slope after a warm-up (bench/load/memory.ts): a server that leaks shows a slope
 * that does not go to zero however long it runs.
 */
import { availableParallelism } from 'node:os';
import { startProduct } from '../http/servers.ts';
import { sampleRss, slopePerMinute, type Sample } from '../load/memory.ts';
import { percentile, runOpenLoop, type Job, type KindResult } from '../load/open-loop.ts';
import type { Suite, SuiteContext } from '../suite.ts';
import { formatTable, type Row } from '../table.ts';

interface Plan {
  rate: number;
  durationMs: number;
  sampleEveryMs: number;
  /** Samples before this are left out of the slope: caches, JIT and SQLite's page cache fill first. */
  warmupMs: number;
}

export const PLANS = {
  load: { rate: 400, durationMs: 30_000, sampleEveryMs: 1_000, warmupMs: 5_000 },
  soak: { rate: 200, durationMs: 10 * 60_000, sampleEveryMs: 5_000, warmupMs: 60_000 },
  quickLoad: { rate: 100, durationMs: 2_000, sampleEveryMs: 250, warmupMs: 0 },
  quickSoak: { rate: 100, durationMs: 3_000, sampleEveryMs: 250, warmupMs: 1_000 },
} satisfies Record<string, Plan>;

/** A soak's memory counts as flat below this slope. */
export const FLAT_MB_PER_MINUTE = 1;
const SIGN_SHARE = 7;
const MIX = 10;
const MESSAGE = 'steady load';
const MB = 1024 * 1024;

const mb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / MB).toFixed(1)} MB`);
const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(1)} ms`);

/** "0", or "3 (2× 429, 1× network ECONNRESET)". */
function errorsText(r: KindResult): string {
  const causes = Object.entries(r.causes).map(([cause, n]) => `${n}× ${cause}`);
  return causes.length === 0 ? String(r.errors) : `${r.errors} (${causes.join(', ')})`;
}

function kindRow(name: string, r: KindResult, seconds: number): Row {
  return [name, String(r.sent), (r.ok / seconds).toLocaleString('en-US', { maximumFractionDigits: 1 }), ms(percentile(r.latencies, 0.5)), ms(percentile(r.latencies, 0.95)), ms(percentile(r.latencies, 0.99)), errorsText(r)];
}

function merge(results: KindResult[]): KindResult {
  return {
    sent: results.reduce((s, r) => s + r.sent, 0),
    ok: results.reduce((s, r) => s + r.ok, 0),
    errors: results.reduce((s, r) => s + r.errors, 0),
    causes: results.reduce<Record<string, number>>((all, r) => {
      for (const [cause, n] of Object.entries(r.causes)) all[cause] = (all[cause] ?? 0) + n;
      return all;
    }, {}),
    latencies: results.flatMap((r) => r.latencies).sort((a, b) => a - b),
  };
}

/** `count` samples spread evenly over the run, in MB, so a reader sees the shape the slope summarises. */
function spread(samples: Sample[], count: number): string {
  const picks = Array.from({ length: Math.min(count, samples.length) }, (_, i) => samples[Math.round((i * (samples.length - 1)) / Math.max(1, count - 1))]!);
  return picks.map((s) => (s.bytes / MB).toFixed(0)).join(', ');
}

function slopeText(samples: Sample[]): string {
  const slope = slopePerMinute(samples) / MB;
  return Number.isNaN(slope) ? 'n/a' : `${slope >= 0 ? '+' : ''}${slope.toFixed(2)} MB/min`;
}

function memoryLines(samples: Sample[], plan: Plan, soak: boolean, quick: boolean): string[] {
  const first = samples[0]?.bytes;
  const last = samples.at(-1)?.bytes;
  const lines = [`server RSS: ${mb(first)} before the load, ${mb(last)} after (${samples.length} samples, peak ${mb(Math.max(...samples.map((s) => s.bytes)))})`];
  if (!soak) return lines;
  const settled = samples.filter((s) => s.t >= plan.warmupMs);
  const slope = slopePerMinute(settled) / MB;
  const verdict = quick ? 'too short to judge' : Math.abs(slope) <= FLAT_MB_PER_MINUTE ? `flat (|slope| ≤ ${FLAT_MB_PER_MINUTE} MB/min)` : `NOT flat (limit ${FLAT_MB_PER_MINUTE} MB/min)`;
  lines.push(`RSS at 11 even steps of the run, MB: ${spread(samples, 11)}`);
  lines.push(`RSS slope after ${plan.warmupMs / 1000} s of warm-up: ${slopeText(settled)} over ${settled.length} samples: ${verdict}`);
  lines.push(`RSS slope over the last half of the run: ${slopeText(samples.slice(Math.floor(samples.length / 2)))}`);
  return lines;
}

export const loadSuite: Suite = {
  name: 'load',
  description: 'the product under a fixed rate of mixed Dilion sign/verify (70/30): throughput, p50/p95/p99, errors, RSS; --soak: RSS slope',
  async run(ctx: SuiteContext) {
    const plan: Plan = ctx.soak ? (ctx.quick ? PLANS.quickSoak : PLANS.soak) : ctx.quick ? PLANS.quickLoad : PLANS.load;
    const workers = availableParallelism();
    ctx.progress.plan(2);
    ctx.progress.step(`starting the server (${workers} engine workers)`);
    const server = await startProduct(workers);
    try {
      const json = (body: unknown) => Buffer.from(JSON.stringify(body));
      const signBody = json({ message: MESSAGE });
      const first = await fetch(`http://127.0.0.1:${server.port}${server.path}`, { method: 'POST', headers: { ...server.headers, 'content-type': 'application/json' }, body: signBody });
      if (first.status !== 200) throw new Error(`the first sign answered ${first.status}: ${await first.text()}`);
      const signed = (await first.json()) as { publicKey: string; signature: { encoded: string } };
      const sign: Job = { kind: 'sign', path: '/api/v1/crypto/dilion/sign', headers: server.headers, body: signBody };
      const verify: Job = { kind: 'verify', path: '/api/v1/crypto/dilion/verify', headers: server.headers, body: json({ message: MESSAGE, signature: signed.signature.encoded, publicKey: signed.publicKey }) };

      const memory = sampleRss(server.pid, plan.sampleEveryMs);
      const result = await runOpenLoop({
        port: server.port,
        rate: plan.rate,
        durationMs: plan.durationMs,
        job: (i) => (i % MIX < SIGN_SHARE ? sign : verify),
        onTick: ctx.progress.step(`${plan.rate} calls/s for ${plan.durationMs / 1000} s`),
      });
      const samples = memory.stop();
      const seconds = result.elapsedMs / 1000;
      const kinds = [...result.byKind.entries()].sort(([a], [b]) => a.localeCompare(b));
      ctx.print(
        [
          formatTable({
            title: `Dilion sign and verify (${SIGN_SHARE}:${MIX - SIGN_SHARE}) offered at ${plan.rate} calls/s for ${plan.durationMs / 1000} s to one server (${workers} engine workers); latency from each call's scheduled start`,
            columns: [
              { header: 'calls' },
              { header: 'sent', align: 'right' },
              { header: 'answered/s', align: 'right' },
              { header: 'p50', align: 'right' },
              { header: 'p95', align: 'right' },
              { header: 'p99', align: 'right' },
              { header: 'errors', align: 'right' },
            ],
            rows: [...kinds.map(([name, r]) => kindRow(name, r, seconds)), kindRow('all', merge(kinds.map(([, r]) => r)), seconds)],
          }),
          '',
          ...memoryLines(samples, plan, ctx.soak, ctx.quick),
        ].join('\n'),
      );
    } finally {
      await server.stop();
    }
  },
};
