/**
 * `npm run bench -- http --db postgres --instances 1,2`: Dilion signing over HTTP on one instance
 * on SQLite, then on 1, 2, … instances sharing one PostgreSQL database, each instance a server
 * process with ENGINE_WORKERS=1 (docs/decisions/050-one-storage-seam.md; README.md "Running
 * several instances"). Two cores cannot show scale-out as throughput, so the figures to judge are
 * the CPU per answered call of every process (the instances and the database server together) and
 * that every answered call was recorded and counted exactly once.
 *
 * The database is a throwaway cluster from Debian's packages (db/postgres/throwaway-cluster.ts),
 * whose postmaster and backends are measured; or PG_BENCH_URL (a user that may create databases),
 * whose CPU this machine cannot see.
 */
import { randomBytes } from 'node:crypto';
import { openPostgres } from '../../db/postgres/connect.ts';
import { databaseUrl, findPostgresBinaries, startCluster, type Cluster } from '../../db/postgres/throwaway-cluster.ts';
import { Database } from '../../db/sqlite-driver.ts';
import type { SuiteContext } from '../suite.ts';
import { formatTable, type Row } from '../table.ts';
import { runLoad, type LoadResult } from './load.ts';
import { cpuTimes, processTreeMs } from './process-cpu.ts';
import { signUpAccount, startProductServer, type ProductServer } from './servers.ts';

const MESSAGE = 'authentication request';
const PATH = '/api/v1/crypto/dilion/sign';

/** One configuration's run: how many instances on which engine, and what it gave. */
interface ScaleOutFigures {
  label: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  /** CPU µs per answered call: the instances, the database server, both. */
  instancesUs: number | undefined;
  databaseUs: number | undefined;
  allUs: number | undefined;
  failures: number;
  /** Calls answered 200 (warm-up included) against records stored and calls counted. */
  answered: number;
  recorded: number;
  counted: number;
}

/** Where the PostgreSQL databases come from: PG_BENCH_URL, or a throwaway cluster of our own. */
interface PostgresServer {
  createDatabase(): Promise<string>;
  /** The postmaster's pid, when the server runs here and its CPU can be read. */
  pid: number | undefined;
  stop(): Promise<void>;
}

async function postgresServer(): Promise<PostgresServer> {
  let cluster: Cluster | undefined;
  let url = process.env.PG_BENCH_URL;
  if (!url) {
    const bin = findPostgresBinaries();
    if (!bin) throw new Error('--db postgres needs PostgreSQL 15+ (apt-get install postgresql) or PG_BENCH_URL=postgres://USER@HOST:PORT/postgres');
    cluster = await startCluster(bin);
    url = cluster.url;
  }
  const admin = await openPostgres(url, { max: 1 });
  const created: string[] = [];
  return {
    pid: cluster?.pid,
    async createDatabase() {
      const name = `pqbench_${randomBytes(6).toString('hex')}`;
      await admin.pool.query(`CREATE DATABASE "${name}"`);
      created.push(name);
      return databaseUrl(url, name);
    },
    async stop() {
      for (const name of created) await admin.pool.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.close();
      await cluster?.stop();
    },
  };
}

/** Answers, records and counted calls of the account, read from its database. */
async function storedCounts(target: { databaseUrl?: string; dataDir: string }, userId: string): Promise<{ recorded: number; counted: number }> {
  const recordedSql = 'SELECT count(*) AS n FROM crypto_operations WHERE user_id = $1';
  const countedSql = "SELECT coalesce(sum(calls), 0) AS n FROM monthly_usage WHERE meter = 'user:' || $1";
  if (target.databaseUrl) {
    const database = await openPostgres(target.databaseUrl, { max: 1 });
    try {
      const one = async (sql: string) => Number((await database.pool.query<{ n: number }>(sql, [userId])).rows[0]!.n);
      return { recorded: await one(recordedSql), counted: await one(countedSql) };
    } finally {
      await database.close();
    }
  }
  const sqlite = new Database(`${target.dataDir}/app.db`, { readonly: true });
  try {
    const one = (sql: string) => (sqlite.prepare(sql.replace('$1', '?')).get(userId) as { n: number }).n;
    return { recorded: one(recordedSql), counted: one(countedSql) };
  } finally {
    sqlite.close();
  }
}

/** `clients` spread over the instances round-robin, all loading together for `durationMs`. */
async function loadAll(instances: ProductServer[], headers: Record<string, string>, clients: number, durationMs: number, onTick?: (f: number) => void): Promise<LoadResult> {
  const results = await Promise.all(
    instances.map((server, i) =>
      runLoad({
        port: server.port,
        path: PATH,
        headers,
        body: { message: MESSAGE },
        clients: Math.floor(clients / instances.length) + (i < clients % instances.length ? 1 : 0),
        durationMs,
        ...(i === 0 && onTick ? { onTick } : {}),
      }),
    ),
  );
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return {
    requestsPerSec: results.reduce((a, r) => a + r.requestsPerSec, 0),
    p50: pct(0.5),
    p99: pct(0.99),
    failures: results.reduce((a, r) => a + r.failures, 0),
    answered: results.reduce((a, r) => a + r.answered, 0),
    okWithin: results.reduce((a, r) => a + r.okWithin, 0),
    latencies,
  };
}

const instancesMs = (instances: ProductServer[]) => {
  const times = instances.map((s) => cpuTimes(s.pid)?.allMs);
  return times.some((t) => t === undefined) ? undefined : times.reduce((a, t) => a! + t!, 0);
};

async function runConfiguration(label: string, count: number, databaseUrl: string | undefined, databasePid: number | undefined, clients: number, durationMs: number, ctx: SuiteContext): Promise<ScaleOutFigures> {
  // One master key for every instance: each must open the others' sealed rows.
  const env: Record<string, string> = { ENGINE_WORKERS: '1', API_KEY_CONCURRENCY: '1024', ACCOUNT_CONCURRENCY: '1024', MASTER_KEY: randomBytes(32).toString('base64') };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const instances: ProductServer[] = [];
  try {
    for (let i = 0; i < count; i++) instances.push(await startProductServer(1, env));
    const first = instances[0]!;
    const account = await signUpAccount({ ...first, ...(databaseUrl ? { databaseUrl } : {}) }, `bench-${count}@example.com`);
    // Unmeasured first: each instance compiles its request path.
    const warm = await loadAll(instances, account.headers, 4 * count, ctx.quick ? 200 : 2_000);
    const before = { instances: instancesMs(instances), database: databasePid === undefined ? undefined : processTreeMs(databasePid) };
    const r = await loadAll(instances, account.headers, clients, durationMs, ctx.progress.step(`${label}: HTTP sign with ${clients} clients`));
    const after = { instances: instancesMs(instances), database: databasePid === undefined ? undefined : processTreeMs(databasePid) };
    const per = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || r.answered === 0 ? undefined : ((b - a) * 1000) / r.answered);
    const instancesUs = per(before.instances, after.instances);
    const databaseUs = databaseUrl ? per(before.database, after.database) : 0;
    const stored = await storedCounts({ ...(databaseUrl ? { databaseUrl } : {}), dataDir: first.dataDir }, account.userId);
    return {
      label,
      requestsPerSec: r.requestsPerSec,
      p50: r.p50,
      p99: r.p99,
      instancesUs,
      databaseUs,
      allUs: instancesUs === undefined || databaseUs === undefined ? undefined : instancesUs + databaseUs,
      failures: r.failures + warm.failures,
      answered: r.latencies.length + warm.latencies.length,
      ...stored,
    };
  } finally {
    await Promise.all(instances.map((s) => s.stop()));
  }
}

const micros = (us: number | undefined) => (us === undefined ? 'n/a' : `${Math.round(us)} µs`);

export async function runScaleOut(ctx: SuiteContext, instanceCounts: number[]): Promise<void> {
  const clients = 16;
  const durationMs = ctx.quick ? 500 : 5_000;
  ctx.progress.plan(1 + instanceCounts.length);
  const figures: ScaleOutFigures[] = [];
  figures.push(await runConfiguration('SQLite, 1 instance', 1, undefined, undefined, clients, durationMs, ctx));
  const postgres = await postgresServer();
  try {
    for (const count of instanceCounts) {
      figures.push(await runConfiguration(`PostgreSQL, ${count} instance${count === 1 ? '' : 's'}`, count, await postgres.createDatabase(), postgres.pid, clients, durationMs, ctx));
    }
  } finally {
    await postgres.stop();
  }
  const rows: Row[] = figures.map((f) => [
    f.label,
    f.requestsPerSec.toFixed(0),
    `${f.p50.toFixed(1)} ms`,
    `${f.p99.toFixed(1)} ms`,
    micros(f.instancesUs),
    micros(f.databaseUs),
    micros(f.allUs),
    String(f.failures),
    f.answered === f.recorded && f.recorded === f.counted ? `yes (${f.answered})` : `NO: ${f.answered} answered, ${f.recorded} recorded, ${f.counted} counted`,
  ]);
  ctx.print(
    formatTable({
      title: `POST sign over loopback, ${clients} clients spread over the instances, ENGINE_WORKERS=1 each, ${durationMs / 1000} s per row; CPU per answered call`,
      columns: [
        { header: 'configuration' },
        { header: 'req/s', align: 'right' },
        { header: 'p50', align: 'right' },
        { header: 'p99', align: 'right' },
        { header: 'CPU instances', align: 'right' },
        { header: 'database', align: 'right' },
        { header: 'all', align: 'right' },
        { header: 'errors', align: 'right' },
        { header: 'answered = recorded = counted', align: 'right' },
      ],
      rows,
    }),
  );
}
