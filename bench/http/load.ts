/**
 * The HTTP load generator of `npm run bench -- http`: N keep-alive connections, each sending the
 * same pre-encoded request and the next one as soon as the answer is in (closed loop). It parses
 * only the status line and Content-Length, so it takes a small share of the CPU it shares with the
 * server: node:http's client cost about as much per request as the server's HTTP layer did.
 */
import { connect, type Socket } from 'node:net';

export interface LoadOptions {
  port: number;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  clients: number;
  durationMs: number;
  onTick?: (fraction: number) => void;
}

export interface LoadResult {
  requestsPerSec: number;
  /** Latency percentiles of the successful requests, in ms. */
  p50: number;
  p99: number;
  /** Answers other than 200, and connections that failed. */
  failures: number;
  /** Requests answered in all (successful or not). */
  answered: number;
  /**
   * Successful answers that came within `durationMs`, before the calls still out were waited for:
   * the rate while the load was whole, where a long drain (slow calls queued) would dilute it.
   */
  okWithin: number;
  /** Every successful request's latency, ms, sorted: for percentiles over several runs together. */
  latencies: number[];
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;

function encodeRequest(port: number, path: string, headers: Record<string, string>, body: unknown): Buffer {
  const payload = Buffer.from(JSON.stringify(body));
  const lines = [
    `POST ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: keep-alive',
    'Content-Type: application/json',
    `Content-Length: ${payload.length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n'), payload]);
}

/** One connection's loop: send, read one whole response (head + Content-Length body), repeat. */
function client(request: Buffer, options: LoadOptions, end: number, record: (ok: boolean, ms: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(options.port, '127.0.0.1');
    socket.setNoDelay(true);
    let pending: Buffer = Buffer.alloc(0);
    let sentAt = 0;
    const send = () => {
      if (performance.now() >= end) {
        socket.end();
        return;
      }
      sentAt = performance.now();
      socket.write(request);
    };
    socket.on('connect', send);
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      const headEnd = pending.indexOf(HEADER_END);
      if (headEnd < 0) return;
      const head = pending.subarray(0, headEnd).toString('latin1');
      const declared = CONTENT_LENGTH.exec(head)?.[1];
      if (declared === undefined) {
        // Without a length (a chunked body) this parser cannot tell where the answer ends.
        socket.destroy(new Error('a response came without Content-Length; the load generator reads only those'));
        return;
      }
      const length = Number(declared);
      const total = headEnd + HEADER_END.length + length;
      if (pending.length < total) return;
      // Closed loop: one request in flight per connection, so nothing follows the body.
      pending = Buffer.alloc(0);
      record(head.startsWith('HTTP/1.1 200'), performance.now() - sentAt);
      send();
    });
    socket.on('error', (error) => {
      if (error.message.includes('Content-Length')) return reject(error);
      record(false, 0);
      resolve();
    });
    socket.on('close', () => resolve());
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const request = encodeRequest(options.port, options.path, options.headers, options.body);
  const latencies: number[] = [];
  let failures = 0;
  let okWithin = 0;
  const start = performance.now();
  const end = start + options.durationMs;
  let lastTick = start;
  const record = (ok: boolean, ms: number) => {
    const now = performance.now();
    if (ok) latencies.push(ms);
    else failures++;
    if (ok && now <= end) okWithin++;
    if (options.onTick && now - lastTick > 100) {
      lastTick = now;
      options.onTick(Math.min(1, (now - start) / options.durationMs));
    }
  };
  await Promise.all(Array.from({ length: options.clients }, () => client(request, options, end, record)));
  const elapsed = performance.now() - start;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { requestsPerSec: latencies.length / (elapsed / 1000), p50: pct(0.5), p99: pct(0.99), failures, answered: latencies.length + failures, okWithin, latencies };
}
