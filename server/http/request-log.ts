/**
 * Request ids and one log line per request. Each request gets an id (the caller's X-Request-Id when
 * it is a plain token, else a random UUID) echoed in X-Request-Id, and `req.log`, a child logger
 * carrying it. The line is written when the response finishes, at info (2xx/3xx), warn (4xx, and a
 * 503 answered by design: see answeredUnavailableByDesign) or error (other 5xx), and holds only the id, method, URL, address, status and time: headers (cookies,
 * API secrets) and bodies never reach the log.
 *
 * Each request also gets a trace (W3C Trace Context: the caller's valid `traceparent`, else a new
 * one) and its own span id, and is handled inside its RequestContext, so every line written for it,
 * through req.log or the app's logger, carries the request id and the trace id
 * (server/observability/request-context.ts, docs/decisions/064-tracing.md). No traceparent is sent
 * back: the standard defines it for requests only, and X-Request-Id already finds the call's lines.
 *
 * Our own instead of pino-http: that built a child logger and serializers on every request even
 * when its line was filtered out, about 8 % of the main thread's time per signature
 * (docs/decisions/010). Here the child logger is made only when something logs through it.
 */
import { randomUUID } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger.ts';
import { BOUND_TO_REQUEST, RequestContext, runIn } from '../observability/request-context.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** This request's id, as sent back in X-Request-Id. */
      id: string;
      /** A logger whose lines carry this request's id. */
      log: Logger;
    }
  }
}

const BY_DESIGN = Symbol('503 by design');

/**
 * Marks this response's 503 as the server's design rather than its failure (readiness while
 * starting, draining or failing a check, docs/decisions/063): its line is written at warn, so a
 * draining instance's probes do not fill the error level that alerts watch.
 */
export function answeredUnavailableByDesign(res: Response): void {
  (res as Response & { [BY_DESIGN]?: true })[BY_DESIGN] = true;
}

/** Query parameters that are credentials (OAuth's code and state, a verification token): never logged. */
const SECRET_PARAMS = /([?&](?:code|state|token)=)[^&#]*/gi;

/** The URL as logged: credential parameters replaced by "[redacted]". */
export function loggedUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url;
}

const ROOT = Symbol('the app logger');
const CHILD = Symbol('the request logger');
const CONTEXT = Symbol('the request context');
type LoggedRequest = IncomingMessage & { id: string; [ROOT]?: Logger; [CHILD]?: Logger; [CONTEXT]?: RequestContext };

/**
 * The route's template as declared ("/api/v1/keys/:kid/sign"), never the raw path: Express's matched
 * route, or the path itself for the fast lane, which serves only exact paths without parameters
 * and runs on node's own request (no `app`, fast-lane.ts). Undefined when no route took the request.
 */
export function routeTemplate(req: IncomingMessage): string | undefined {
  const r = req as IncomingMessage & { route?: { path?: unknown }; baseUrl?: string; path?: unknown };
  if (r.route && typeof r.route.path === 'string') return (r.baseUrl ?? '') + r.route.path;
  if (!('app' in r) && typeof r.path === 'string') return r.path;
  return undefined;
}

// `req.log` is a getter on node's request prototype (Express's requests inherit it), defined once:
// defining it on each request cost V8 a change of the object's shape, about 5 µs per call.
Object.defineProperty(IncomingMessage.prototype, 'log', {
  configurable: true,
  // Undefined on a request the middleware has not seen (the error handler allows for that).
  get(this: LoggedRequest): Logger | undefined {
    const root = this[ROOT];
    return root && (this[CHILD] ??= boundChild(root, this));
  },
});

function boundChild(root: Logger, req: LoggedRequest): Logger {
  const child = root.child({ reqId: req.id, traceId: req[CONTEXT]?.traceId });
  (child as Logger & { [BOUND_TO_REQUEST]?: boolean })[BOUND_TO_REQUEST] = true;
  return child;
}

/** Told of each finished response with its time in seconds (the metrics' hook: server/observability/http-metrics.ts). */
export type ResponseObserver = (req: Request, res: Response, seconds: number) => void;

/** `onResponse` rides on the listener this already adds, rather than a second one per request (docs/decisions/062). */
export function requestLog(logger: Logger, onResponse?: ResponseObserver): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    (req as LoggedRequest)[ROOT] = logger;
    const context = new RequestContext(id, req.headers.traceparent, req.headers.tracestate);
    (req as LoggedRequest)[CONTEXT] = context;
    const start = performance.now();
    res.once('finish', () => {
      const status = res.statusCode;
      onResponse?.(req, res, (performance.now() - start) / 1000);
      if (context.span) {
        const route = routeTemplate(req);
        const attributes = { 'http.request.method': req.method, 'http.response.status_code': status, 'pq.request_id': id };
        context.span.end(route ? `${req.method} ${route}` : req.method, route ? { ...attributes, 'http.route': route } : attributes, status >= 500);
      }
      const failed = status >= 500 && !(res as Response & { [BY_DESIGN]?: true })[BY_DESIGN];
      const level = failed ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId: id,
          traceId: context.traceId,
          req: { id, method: req.method, url: loggedUrl(req.originalUrl), remoteAddress: req.socket.remoteAddress },
          res: { statusCode: status },
          responseTime: Math.round(performance.now() - start),
        },
        failed ? 'request errored' : 'request completed',
      );
    });
    runIn(context, next);
  };
}
