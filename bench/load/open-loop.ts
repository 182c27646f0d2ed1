/**
 * The open-loop load generator of `npm run bench -- load`: requests start on a fixed schedule
 * (`rate` per second) whether or not earlier ones have been answered, as independent users would
 * send them. Latency is measured from each request's scheduled start, so a server (or a generator)
 * that falls behind shows it in the percentiles instead of quietly sending less.
 */
import { Agent, request } from 'node:http';

export interface Job {
  /** Label for the per-kind figures ('sign', 'verify'). */
  kind: string;
  path: string;
  headers: Record<string, string>;
  /** Pre-encoded JSON body. */
  body: Buffer;
}

export interface OpenLoopOptions {
  port: number;
  /** Requests per second offered. */
  rate: number;
  durationMs: number;
  /** The i-th request of the run. */
  job(index: number): Job;
  /** Keep-alive connections at most; more requests due wait for one (and their latency shows it). */
  connections?: number;
  /** After the last start, how long answers are awaited before the rest count as errors. */
  drainMs?: number;
  onTick?: (fraction: number) => void;
}

export interface KindResult {
  sent: number;
  /** 200 answers. */
  ok: number;
  /** Other answers, connection errors, and requests unanswered at the end of the drain. */
  errors: number;
  /** The errors by cause: an HTTP status, 'network <code>' (ECONNRESET, ...) or 'unanswered'. */
  causes: Record<string, number>;
  /** Latencies of the 200 answers, ms, sorted. */
  latencies: number[];
}

export interface OpenLoopResult {
  elapsedMs: number;
  byKind: Map<string, KindResult>;
}

/** 'network ECONNRESET': the system's code says which side gave up, and how (a reset, a refused connection). */
function networkCause(error: NodeJS.ErrnoException): string {
  return error.code ? `network ${error.code}` : 'network';
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

export async function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections ?? 64 });
  const byKind = new Map<string, KindResult>();
  const total = Math.floor((options.rate * options.durationMs) / 1000);
  const start = performance.now();
  let outstanding = 0;
  let closed = false;
  let settle: () => void = () => {};
  const allAnswered = new Promise<void>((resolve) => (settle = resolve));

  const send = (index: number, due: number) => {
    const job = options.job(index);
    let result = byKind.get(job.kind);
    if (!result) byKind.set(job.kind, (result = { sent: 0, ok: 0, errors: 0, causes: {}, latencies: [] }));
    const kind = result;
    kind.sent++;
    outstanding++;
    let done = false;
    const finish = (cause: number | string) => {
      if (done || closed) return;
      done = true;
      if (cause === 200) {
        kind.ok++;
        kind.latencies.push(performance.now() - due);
      } else {
        kind.errors++;
        kind.causes[cause] = (kind.causes[cause] ?? 0) + 1;
      }
      if (--outstanding === 0 && sent === total) settle();
    };
    const req = request(
      { host: '127.0.0.1', port: options.port, method: 'POST', path: job.path, agent, headers: { 'content-type': 'application/json', 'content-length': job.body.length, ...job.headers } },
      (res) => {
        res.resume();
        res.on('end', () => finish(res.statusCode ?? 'network'));
        res.on('error', (error) => finish(networkCause(error)));
      },
    );
    req.on('error', (error) => finish(networkCause(error)));
    req.end(job.body);
  };

  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Every request whose scheduled start has come, each stamped with that start.
      while (sent < total && start + (sent * 1000) / options.rate <= now) {
        send(sent, start + (sent * 1000) / options.rate);
        sent++;
      }
      options.onTick?.(Math.min(1, (now - start) / options.durationMs));
      if (sent === total) return resolve();
      setTimeout(tick, Math.max(1, Math.min(10, start + (sent * 1000) / options.rate - now)));
    };
    tick();
  });
  if (outstanding === 0) settle();
  const drained = await Promise.race([allAnswered.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), options.drainMs ?? 10_000).unref())]);
  const elapsedMs = performance.now() - start;
  closed = true;
  agent.destroy();
  for (const kind of byKind.values()) {
    // Requests still unanswered after the drain count as errors too.
    const unanswered = kind.sent - kind.ok - kind.errors;
    if (!drained && unanswered > 0) {
      kind.errors += unanswered;
      kind.causes.unanswered = unanswered;
    }
    kind.latencies.sort((a, b) => a - b);
  }
  return { elapsedMs, byKind };
}
