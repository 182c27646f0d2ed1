/**
 * pq_http_requests_total and pq_http_request_duration_seconds, told of each response by the request
 * log's one 'finish' listener (server/http/request-log.ts). Labels come from fixed sets only: the
 * route is the template a route was declared with (ApiBuilder.templates), "static" for files and
 * pages served outside the API, "unmatched" for anything no route took (404, 405, a body refused
 * before routing); the method one the routes declare, else "other"; the status a number Node sent.
 * The series of each (route, method, status) are made once and kept (series.ts), so a request costs
 * a few map reads and increments (docs/decisions/010, 062: measured in bench/README.md).
 */
import type { Request, Response } from 'express';
import type { Registry } from 'prom-client';
import { routeTemplate, type ResponseObserver } from '../http/request-log.ts';
import { SeriesCounter, SeriesHistogram, type CounterSeries, type HistogramSeries } from './series.ts';

export const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** GET routes also answer HEAD; nothing else is declared (server/http/route.ts). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);

/** Where the token-protected scrape is served on the main port (metrics-endpoint.ts). */
export const METRICS_PATH = '/metrics';

interface MethodSeries {
  duration: HistogramSeries;
  byStatus: Map<number, CounterSeries>;
}

/** The route label of a finished request (see the file's comment). */
export function routeLabel(req: Request, status: number, templates: ReadonlySet<string>): string {
  const template = routeTemplate(req);
  if (template !== undefined && (templates.has(template) || template === METRICS_PATH)) return template;
  return (req.method === 'GET' || req.method === 'HEAD') && status < 400 ? 'static' : 'unmatched';
}

export function httpObserver(registry: Registry, templates: () => ReadonlySet<string>): ResponseObserver {
  const requests = new SeriesCounter('pq_http_requests_total', 'HTTP requests answered, by route template, method and status.', registry);
  const duration = new SeriesHistogram('pq_http_request_duration_seconds', 'Time from the request to the end of its answer, by route template and method.', HTTP_BUCKETS, registry);
  const series = new Map<string, Map<string, MethodSeries>>();
  return (req: Request, res: Response, seconds: number) => {
    const status = res.statusCode;
    const route = routeLabel(req, status, templates());
    const method = METHODS.has(req.method) ? req.method : 'other';
    let byMethod = series.get(route);
    if (!byMethod) series.set(route, (byMethod = new Map()));
    let found = byMethod.get(method);
    if (!found) byMethod.set(method, (found = { duration: duration.series({ route, method }), byStatus: new Map() }));
    let count = found.byStatus.get(status);
    if (!count) found.byStatus.set(status, (count = requests.series({ route, method, status: String(status) })));
    count.value++;
    duration.observe(found.duration, seconds);
  };
}
