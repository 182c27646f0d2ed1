/**
 * Debian's Prometheus (`apt-get install prometheus`: the prometheus and promtool binaries) for the
 * monitoring tests: finding it, and running a real server that scrapes one target.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const MONITORING_DIR = new URL('.', import.meta.url).pathname;
const INSTALL = 'apt-get install prometheus';

function present(binary: string): boolean {
  try {
    execFileSync(binary, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Skips locally, with one line saying what to install, when `binary` is missing; in CI
 * (process.env.CI set) it never skips, and the missing binary fails the tests instead.
 */
export function skipWithout(binary: 'promtool' | 'prometheus'): boolean {
  if (present(binary) || process.env.CI) return false;
  console.warn(`${binary} is not installed (${INSTALL}): skipping`);
  return true;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ScrapeTarget {
  /** host:port */
  target: string;
  path: string;
  bearerToken?: string;
}

/** The answer of Prometheus's query API. */
export interface QueryAnswer {
  status: 'success' | 'error';
  error?: string;
  data?: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] };
}

/** An alerting rule as Prometheus's rules API reports it. */
export interface EvaluatedRule {
  name: string;
  query: string;
  health: string;
  lastError?: string;
  lastEvaluation: string;
}

export interface RunningPrometheus {
  query(expr: string): Promise<QueryAnswer>;
  /** The rules loaded, once each has been evaluated at least once. */
  evaluatedRules(): Promise<EvaluatedRule[]>;
  /** Resolves once `scrapes` scrapes of the target have succeeded. */
  scraped(scrapes: number): Promise<void>;
  stop(): Promise<void>;
}

/** A Prometheus scraping `target` every second as job "pq-platform", with `ruleFiles` loaded. */
export async function startPrometheus(target: ScrapeTarget, ruleFiles: string[] = []): Promise<RunningPrometheus> {
  const dir = mkdtempSync(join(tmpdir(), 'pq-prometheus-'));
  const config = {
    global: { scrape_interval: '1s', evaluation_interval: '1s' },
    rule_files: ruleFiles,
    scrape_configs: [
      {
        job_name: 'pq-platform',
        metrics_path: target.path,
        static_configs: [{ targets: [target.target] }],
        ...(target.bearerToken ? { authorization: { credentials: target.bearerToken } } : {}),
      },
    ],
  };
  // JSON is YAML: no YAML library needed.
  writeFileSync(join(dir, 'prometheus.yml'), JSON.stringify(config));
  const port = await freePort();
  const child: ChildProcess = spawn(
    'prometheus',
    [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
  const query = async (expr: string): Promise<QueryAnswer> => {
    const response = await fetch(`${base}/api/v1/query?query=${encodeURIComponent(expr)}`);
    return (await response.json()) as QueryAnswer;
  };
  const until = async (what: string, ready: () => Promise<boolean>) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`prometheus exited: ${stderr}`);
      if (await ready().catch(() => false)) return;
      if (Date.now() > deadline) throw new Error(`prometheus: ${what} not within 60 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const rules = async (): Promise<EvaluatedRule[]> => {
    const answer = (await (await fetch(`${base}/api/v1/rules`)).json()) as { data: { groups: { rules: EvaluatedRule[] }[] } };
    return answer.data.groups.flatMap((group) => group.rules);
  };
  await until('ready', async () => (await fetch(`${base}/-/ready`)).ok);
  return {
    query,
    evaluatedRules: async () => {
      // Before its first evaluation a rule's lastEvaluation is Go's zero time.
      await until('every rule evaluated', async () => (await rules()).every((rule) => !rule.lastEvaluation.startsWith('0001-')));
      return rules();
    },
    scraped: (scrapes) =>
      until(`${scrapes} scrapes`, async () => {
        const answer = await query('count_over_time(up{job="pq-platform"}[1m])');
        const up = await query('up{job="pq-platform"}');
        return Number(answer.data?.result[0]?.value[1] ?? 0) >= scrapes && up.data?.result[0]?.value[1] === '1';
      }),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
