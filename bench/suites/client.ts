/**
 * `npm run bench -- client`: what the typed client (@pq-platform/client) adds to a call beside a
 * bare fetch sending the same headers and body, against one real server in its own process
 * (production mode, SQLite, one engine worker, an account on Unlimited). One call at a time, so
 * each figure is a call's latency; the two contenders run in interleaved rounds (their order
 * swapped every round); each reports its median round, and the ratio is the median of the
 * rounds' paired ratios. This process does nothing but the calls, so its CPU time per call is the
 * caller's side alone: the client's own cost shows there undiluted by the server's work. Target: the client within 5 % of the bare fetch per call.
 */
import { cpuUsage } from 'node:process';
import { PqClient } from '../../client/src/index.ts';
import { signUpAccount, startProductServer } from '../http/servers.ts';
import type { Suite, SuiteContext } from '../suite.ts';
import { formatTable } from '../table.ts';

const TARGET = 0.05;

interface Round {
  /** Wall time per call (µs). */
  wallUs: number;
  /** This process's CPU time per call (µs). */
  cpuUs: number;
}

interface Call {
  label: string;
  bare: () => Promise<void>;
  client: () => Promise<void>;
}

async function round(calls: number, call: () => Promise<void>): Promise<Round> {
  const cpu = cpuUsage();
  const start = performance.now();
  for (let i = 0; i < calls; i++) await call();
  const wallUs = ((performance.now() - start) * 1000) / calls;
  const used = cpuUsage(cpu);
  return { wallUs, cpuUs: (used.user + used.system) / calls };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Each contender's median round (wall and CPU), from `rounds` interleaved rounds of `calls` calls. */
async function compare(call: Call, rounds: number, calls: number, onTick: (f: number) => void) {
  const bare: Round[] = [];
  const client: Round[] = [];
  // Warm both paths (connections, JIT) before anything is kept.
  await round(Math.max(5, calls >> 2), call.bare);
  await round(Math.max(5, calls >> 2), call.client);
  for (let r = 0; r < rounds; r++) {
    const order: [Round[], () => Promise<void>][] = r % 2 === 0 ? [[bare, call.bare], [client, call.client]] : [[client, call.client], [bare, call.bare]];
    for (const [into, fn] of order) into.push(await round(calls, fn));
    onTick((r + 1) / rounds);
  }
  const summary = (rs: Round[]) => ({ wallUs: median(rs.map((x) => x.wallUs)), cpuUs: median(rs.map((x) => x.cpuUs)) });
  // Each round's pair ran back to back: the median of their ratios is steadier on a shared machine
  // than the ratio of the two medians, since a slow spell slows both halves of a pair.
  const ratio = median(bare.map((b, r) => client[r]!.wallUs / b.wallUs));
  return { bare: summary(bare), client: summary(client), ratio };
}

const us = (value: number) => `${value.toFixed(0)} µs`;
const pct = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;

async function run(ctx: SuiteContext): Promise<void> {
  const rounds = ctx.quick ? 3 : 41;
  const calls = ctx.quick ? 10 : 50;
  const server = await startProductServer(1, { API_KEY_CONCURRENCY: '1024', ACCOUNT_CONCURRENCY: '1024' });
  try {
    const account = await signUpAccount(server, 'client-bench@example.com');
    const baseUrl = `http://127.0.0.1:${server.port}`;
    const apiKey = account.headers['x-api-key']!;
    const apiSecret = account.headers['x-api-secret']!;
    const pq = new PqClient({ baseUrl, apiKey, apiSecret, env: {} });
    const verifyBody = { message: 'bench', publicKey: Buffer.alloc(1952).toString('base64'), signature: Buffer.alloc(3309).toString('base64') };
    const keyHeaders = { 'x-api-key': apiKey, 'x-api-secret': apiSecret };
    const expectOk = async (res: Response, what: string) => {
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(body)}`);
    };
    const callsToCompare: Call[] = [
      {
        label: 'GET /api/v1/health',
        bare: async () => expectOk(await fetch(`${baseUrl}/api/v1/health`, { headers: keyHeaders }), 'health'),
        client: async () => void (await pq.health()),
      },
      {
        label: 'POST /api/v1/crypto/dilion/verify (7 KB body)',
        bare: async () =>
          expectOk(
            await fetch(`${baseUrl}/api/v1/crypto/dilion/verify`, {
              method: 'POST',
              // What the client sends: its key pair, JSON, and one Idempotency-Key per call.
              headers: { ...keyHeaders, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
              body: JSON.stringify(verifyBody),
            }),
            'verify',
          ),
        client: async () => void (await pq.dilion.verify(verifyBody)),
      },
    ];
    ctx.progress.plan(callsToCompare.length);
    const rows: string[][] = [];
    const verdicts: string[] = [];
    for (const call of callsToCompare) {
      const { bare, client, ratio } = await compare(call, rounds, calls, ctx.progress.step(call.label));
      rows.push([call.label, us(bare.wallUs), us(client.wallUs), pct(ratio), us(client.wallUs - bare.wallUs), us(bare.cpuUs), us(client.cpuUs), us(client.cpuUs - bare.cpuUs)]);
      verdicts.push(`  ${call.label}: the client at ${ratio.toFixed(3)}x the bare fetch per call (${ratio - 1 <= TARGET ? 'met' : 'not met'})`);
    }
    ctx.print(
      formatTable({
        title: `The typed client vs a bare fetch, one call at a time, ${rounds} interleaved rounds of ${calls} calls: medians, and the median of the rounds' paired ratios`,
        columns: [
          { header: 'call' },
          { header: 'fetch', align: 'right' },
          { header: 'client', align: 'right' },
          { header: 'client vs fetch', align: 'right' },
          { header: 'added', align: 'right' },
          { header: 'fetch CPU', align: 'right' },
          { header: 'client CPU', align: 'right' },
          { header: 'added CPU', align: 'right' },
        ],
        rows,
      }) + `\n\nthe target: the client within ${TARGET * 100} % of the bare fetch per call\n${verdicts.join('\n')}`,
    );
  } finally {
    await server.stop();
  }
}

export const clientSuite: Suite = {
  name: 'client',
  description: "the typed client's overhead per call beside a bare fetch with the same headers and body, against one real server",
  run,
};
