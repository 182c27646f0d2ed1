/**
 * What the server answers between binding its port and having built the app (serve.ts; docs/decisions/063):
 * liveness 200, readiness 503 naming 'starting', and 503 `starting` with Retry-After: 1 to anything
 * else, so a load balancer or a script polling the port sees a server on its way rather than a refused
 * connection, and nothing reaches a half-built app. Plain node:http: Express is not built yet.
 */
import { randomUUID } from 'node:crypto';
import type { RequestListener, ServerResponse } from 'node:http';
import { LIVE_PATH, notReadyBody, READY_PATH } from '../features/health-and-docs/probes.routes.ts';
import type { Readiness } from '../observability/readiness.ts';

function send(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length, 'Cache-Control': 'no-store', ...headers });
  res.end(bytes);
}

export function startingListener(readiness: Readiness): RequestListener {
  return (req, res) => {
    const requestId = randomUUID();
    res.setHeader('X-Request-Id', requestId);
    const path = (req.url ?? '').split('?', 1)[0];
    const probe = req.method === 'GET' || req.method === 'HEAD';
    if (probe && path === LIVE_PATH) return send(res, 200, { status: 'live' });
    if (probe && path === READY_PATH) return send(res, 503, notReadyBody(readiness.notReady, requestId));
    send(res, 503, { message: 'The server is starting: retry in a second.', code: 'starting', requestId }, { 'Retry-After': '1' });
  };
}
