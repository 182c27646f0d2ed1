/**
 * Request ids and one log line per request. Each request gets an id (the caller's X-Request-Id when
 * it is a plain token, else a random UUID) echoed in X-Request-Id, and `req.log`, a child logger
 * carrying it. The line is written when the response finishes, at info (2xx/3xx), warn (4xx) or
 * error (5xx), and holds only the id, method, URL, address, status and time: headers (cookies,
 * API secrets) and bodies never reach the log.
 *
 * Our own instead of pino-http: that built a child logger and serializers on every request even
 * when its line was filtered out, about 8 % of the main thread's time per signature
 * (docs/decisions/010). Here the child logger is made only when something logs through it.
 */
import { randomUUID } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger.ts';

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

/** Query parameters that are credentials (OAuth's code and state, a verification token): never logged. */
const SECRET_PARAMS = /([?&](?:code|state|token)=)[^&#]*/gi;

/** The URL as logged: credential parameters replaced by "[redacted]". */
export function loggedUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url;
}

const ROOT = Symbol('the app logger');
const CHILD = Symbol('the request logger');
type LoggedRequest = IncomingMessage & { id: string; [ROOT]?: Logger; [CHILD]?: Logger };

// `req.log` is a getter on node's request prototype (Express's requests inherit it), defined once:
// defining it on each request cost V8 a change of the object's shape, about 5 µs per call.
Object.defineProperty(IncomingMessage.prototype, 'log', {
  configurable: true,
  // Undefined on a request the middleware has not seen (the error handler allows for that).
  get(this: LoggedRequest): Logger | undefined {
    const root = this[ROOT];
    return root && (this[CHILD] ??= root.child({ reqId: this.id }));
  },
});

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
    const start = performance.now();
    res.once('finish', () => {
      const status = res.statusCode;
      onResponse?.(req, res, (performance.now() - start) / 1000);
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: { id, method: req.method, url: loggedUrl(req.originalUrl), remoteAddress: req.socket.remoteAddress },
          res: { statusCode: status },
          responseTime: Math.round(performance.now() - start),
        },
        status >= 500 ? 'request errored' : 'request completed',
      );
    });
    next();
  };
}
