/**
 * The fast lane: the metered API's calls (POST, API key, JSON body, no path parameters) served
 * straight from node's request listener, without Express (docs/decisions/029-fast-lane.md).
 *
 * Express costs about 95 µs of the main thread's CPU per call on this machine, most of it from
 * re-prototyping node's request and response into Express's (45 µs alone: V8 then treats node's
 * own objects as unknown shapes) and from walking its router. The lane runs the same middleware,
 * route chain (auth, checks, validation, handler) and error handler, built by ApiBuilder from the
 * same route declaration, on node's own objects. Only the plain case takes it: a request with
 * another content type, a charset other than UTF-8, a Content-Encoding or a path that is not exactly
 * a lane route's goes to Express, which answers it as before.
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { bindToContext } from '../observability/request-context.ts';
import { hasBody, mediaTypeOf } from './exchange.ts';

/** Decides whether the peer at `address` is a proxy trusted to say how the request came (Express's 'trust proxy fn'). */
export type TrustProxy = (address: string | undefined, hop: number) => boolean;

export interface FastLaneOptions {
  /** What Express runs before every route (request log, security headers), in its order. */
  before: RequestHandler[];
  /** What Express runs on every parsed JSON body (depth limit, well-formed text), in its order. */
  bodyChecks: RequestHandler[];
  errorHandler: ErrorRequestHandler;
  /** Largest body read, in bytes (Express's JSON parser limit). */
  bodyLimit: number;
  trustProxy: TrustProxy;
}

/** The Express request fields that the shared middleware and handlers read, set on node's request as own properties. */
type LaneRequest = IncomingMessage & { originalUrl: string; path: string; secure: boolean; ip: string | undefined; body: unknown; route: { path: string } };

/**
 * The client's address as Express's req.ip gives it (proxy-addr's rule): from the socket's address
 * back along X-Forwarded-For, as far as each hop is trusted.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string | undefined {
  const forwarded = req.headers['x-forwarded-for'];
  const socket = req.socket.remoteAddress;
  if (forwarded === undefined || !trust(socket, 0)) return socket;
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded).split(',').map((a) => a.trim()).reverse();
  const chain = [socket, ...hops];
  for (let i = 0; i < chain.length - 1; i++) if (!trust(chain[i], i)) return chain[i];
  return chain[chain.length - 1];
}

/** A body-parser-shaped failure, so the one error handler answers the lane's as it answers Express's. */
const bodyError = (type: string, message: string, extra: object = {}) => Object.assign(new Error(message), { type, ...extra });

/** The app's request listener with the lane in front, and Express's listen(). */
export type AppHandler = RequestListener & { listen: Server['listen'] };

export class FastLane {
  private readonly routes = new Map<string, RequestHandler[]>();
  /** Requests the lane has taken (the rest went to Express). */
  served = 0;

  constructor(private readonly options: FastLaneOptions) {}

  /** Serves POST `path` through the lane with this chain (auth, checks, the route's handler). */
  add(path: string, chain: RequestHandler[]): void {
    this.routes.set(path, chain);
  }

  /** The paths the lane serves (POST). */
  paths(): string[] {
    return [...this.routes.keys()];
  }

  /** node's request listener: the lane's calls here, every other request to `fallback` (Express). */
  handler(fallback: RequestListener): AppHandler {
    const listener: RequestListener = (req, res) => {
      const chain = this.routeOf(req);
      if (!chain) return fallback(req, res);
      this.served++;
      this.serve(req as LaneRequest, res, chain);
    };
    const listen = (...args: unknown[]) => createServer(listener).listen(...(args as Parameters<Server['listen']>));
    return Object.assign(listener, { listen: listen as Server['listen'] });
  }

  private routeOf(req: IncomingMessage): RequestHandler[] | undefined {
    if (req.method !== 'POST') return undefined;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const chain = this.routes.get(query === -1 ? url : url.slice(0, query));
    if (!chain || !plainJson(req)) return undefined;
    return chain;
  }

  private serve(req: LaneRequest, res: ServerResponse, chain: RequestHandler[]): void {
    const url = req.url ?? '';
    const query = url.indexOf('?');
    req.originalUrl = url;
    req.path = query === -1 ? url : url.slice(0, query);
    // The matched route's template, as Express sets it (a lane path is its own template): the metrics' route label.
    req.route = { path: req.path };
    req.secure = this.secure(req);
    req.ip = clientAddress(req, this.options.trustProxy);
    req.body = undefined;
    const fail = (error: unknown) => this.fail(error, req, res);
    run(this.options.before, req, res, fail, () =>
      this.readBody(req, (error) => (error ? fail(error) : run(this.options.bodyChecks, req, res, fail, () => run(chain, req, res, fail, () => {})))),
    );
  }

  /** As Express's req.secure: TLS to us, or a trusted proxy's X-Forwarded-Proto saying https. */
  private secure(req: IncomingMessage): boolean {
    if ((req.socket as TLSSocket).encrypted === true) return true;
    if (!this.options.trustProxy(req.socket.remoteAddress, 0)) return false;
    const forwarded = req.headers['x-forwarded-proto'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    return first === 'https';
  }

  /** Reads and parses the JSON body as express.json({ strict: true }) does, with the same failures. */
  private readBody(req: LaneRequest, whenRead: (error?: Error) => void): void {
    // The body's events come in the connection's context: the chain goes on in the request's (docs/decisions/064).
    const done = bindToContext(whenRead);
    // As express.json: no body leaves req.body unset; an empty one is {}.
    if (!hasBody(req)) return done();
    const { bodyLimit } = this.options;
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (declared > bodyLimit) return done(bodyError('entity.too.large', 'request entity too large', { limit: bodyLimit, status: 413 }));
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (error?: Error) => {
      if (finished) return;
      finished = true;
      req.removeListener('data', onData);
      done(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > bodyLimit) return finish(bodyError('entity.too.large', 'request entity too large', { limit: bodyLimit, status: 413 }));
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('close', () => (req.complete ? undefined : finish(bodyError('request.aborted', 'request aborted', { status: 400 }))));
    req.once('error', (error) => finish(bodyError('request.aborted', error.message, { status: 400 })));
    req.once('end', () => {
      if (finished) return;
      try {
        req.body = parseStrictJson(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'));
        finish();
      } catch (error) {
        finish(bodyError('entity.parse.failed', (error as Error).message, { status: 400 }));
      }
    });
  }

  private fail(error: unknown, req: IncomingMessage, res: ServerResponse): void {
    // As Express's final handler: an error once the answer has started can only cut the connection.
    this.options.errorHandler(error, req as Request, res as Response, () => req.socket.destroy());
  }
}

/** application/json in UTF-8 (the charset unsaid or utf-8), not compressed: the only bodies the lane reads. */
function plainJson(req: IncomingMessage): boolean {
  const contentType = req.headers['content-type'];
  if (mediaTypeOf(contentType) !== 'application/json') return false;
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return false;
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType!)?.[1];
  return charset === undefined || charset.toLowerCase() === 'utf-8';
}

/** express.json({ strict: true }): an empty body is {}, a byte-order mark is dropped, only an object or array is accepted. */
function parseStrictJson(text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.length === 0) return {};
  const first = body.trimStart()[0];
  if (first !== '{' && first !== '[') throw new SyntaxError(`Unexpected token ${first ?? 'end'} in JSON: the body must be a JSON object or array`);
  return JSON.parse(body);
}

/** Runs Express-style handlers in order, as Express 5 does: a thrown error or a rejected promise goes to `fail`. */
function run(chain: RequestHandler[], req: IncomingMessage, res: ServerResponse, fail: (error: unknown) => void, done: () => void): void {
  let index = 0;
  const next = (error?: unknown) => {
    if (error !== undefined && error !== null) return fail(error);
    const handler = chain[index++];
    if (!handler) return done();
    try {
      const result = (handler as (rq: IncomingMessage, rs: ServerResponse, nx: typeof next) => unknown)(req, res, next);
      if (result instanceof Promise) result.catch(fail);
    } catch (thrown) {
      fail(thrown);
    }
  };
  next();
}
