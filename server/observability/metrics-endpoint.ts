/**
 * Where Prometheus reads the metrics (docs/decisions/062-metrics.md): GET /metrics on the main port
 * behind METRICS_TOKEN as a bearer token, and/or a listener of its own on METRICS_PORT (bound to
 * METRICS_HOST, loopback by default), which asks for no token. Never public by default: with
 * neither set, no registry exists and nothing is served.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import { unauthorized } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { METRICS_PATH } from './http-metrics.ts';
import type { AppMetrics } from './metrics.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** GET /metrics on the main app: the exposition for `Authorization: Bearer <token>`, else 401. */
export function tokenScrape(metrics: AppMetrics, token: string): RequestHandler {
  // Digests of equal length, compared in constant time: neither the token nor its length leaks by timing.
  const expected = digest(`Bearer ${token}`);
  return async (req, res, next) => {
    const sent = req.headers.authorization;
    if (sent === undefined || !timingSafeEqual(digest(sent), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return next(unauthorized('metrics_token_required', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.'));
    }
    const body = await metrics.scrape();
    res.setHeader('Cache-Control', 'no-store');
    res.type(metrics.contentType).send(body);
  };
}

/** The METRICS_PORT listener: GET /metrics, and 404 for anything else. Resolves once it listens. */
export function listenForScrapes(metrics: AppMetrics, port: number, host: string, logger: Logger): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is served here.\n');
      return;
    }
    metrics.scrape().then(
      (body) => res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics could not be collected');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected; see the server log.\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { port: bound } = server.address() as AddressInfo;
      logger.info({ metricsPort: bound, metricsHost: host }, `metrics on http://${host.includes(':') ? `[${host}]` : host}:${bound}${METRICS_PATH}`);
      resolve(server);
    });
  });
}
