/**
 * Defines a route once: the same declaration mounts the Express handler (with its auth, validation
 * and middleware) and registers the path in the OpenAPI document, so the docs cannot drift from
 * what is served. Handlers get parsed input and return the JSON body to send. A route declared under
 * /api/ without a version is served at its /api/v1 name and, deprecated, at the declared path
 * (api-version.ts); a known path asked with another method is 405 (method-not-allowed.ts).
 */
import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { Express, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { ErrorResponse } from '../contract/common.ts';
import { AppError } from '../errors.ts';
import { hasBody, headerOf, mediaTypeOf, sendJsonBytes } from './exchange.ts';
import { jsonBytesOf } from './raw-json.ts';
import { deprecatedAlias, versionedPath } from './api-version.ts';
import type { FastLane } from './fast-lane.ts';
import { methodNotAllowed, pathShape } from './method-not-allowed.ts';
import { validate } from './validation.ts';

/**
 * - none: no cookies are read (public pages, API-key routes' neighbours);
 * - session: the session is loaded, signing in is optional;
 * - user: a signed-in session is required (401 otherwise);
 * - apiKey: x-api-key + x-api-secret; cookies are ignored.
 * - account: the account's owner, as 'user' or, when x-api-key is sent, by a key allowed to manage
 *   (account-auth.ts; docs/decisions/057); handlers read the owner with accountIdOf(req).
 */
export type Auth = 'none' | 'session' | 'user' | 'apiKey' | 'account';

type Method = 'get' | 'post' | 'patch' | 'delete';

interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
}

export interface RouteDef<B extends z.ZodType | undefined, P extends z.ZodType | undefined, Q extends z.ZodType | undefined = undefined> {
  method: Method;
  /** Express syntax (/api/keys/:id). */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  auth: Auth;
  body?: B;
  params?: P;
  /** The query string's parameters (a strict object: unknown parameters are refused). */
  query?: Q;
  /** Documented request headers (besides the auth ones). */
  headers?: z.ZodObject;
  responses: Record<number, ResponseDoc>;
  /** Extra middleware run after auth and before validation (rate limits, ...). */
  before?: RequestHandler[];
  /** A body limit of the route's own, parsed in app.ts: the fast lane reads the app's limit, so it leaves this route to Express. */
  bodyLimit?: number;
}

/** Error responses to document, each a description by status (the body is always ErrorResponse). */
export const errorResponses = (byStatus: Record<number, string>): Record<number, ResponseDoc> =>
  Object.fromEntries(Object.entries(byStatus).map(([status, description]) => [status, { description, schema: ErrorResponse }]));

export interface HandlerInput<B, P, Q = undefined> {
  req: Request;
  res: Response;
  body: B;
  params: P;
  query: Q;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface ApiBuilderOptions {
  /** Middleware per auth mode, built by the app (sessions, passport, API keys). */
  auth: Record<Auth, RequestHandler[]>;
  /** Check each JSON response against its declared schema (tests and development). */
  checkResponses: boolean;
  /** Where the metered API's calls are also served without Express (fast-lane.ts). */
  lane?: FastLane;
}

/** The metered API's shape: a POST with an API key and a JSON body, no path or query parameters, nothing run before it. */
function laneEligible(def: RouteDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>): boolean {
  return def.method === 'post' && def.auth === 'apiKey' && !def.params && !def.query && !def.before?.length && def.bodyLimit === undefined;
}

export class ApiBuilder {
  readonly registry = new OpenAPIRegistry();
  /** Every operation at its canonical path (/api/v1/...) with its auth mode: the fuzz and bad-input runs' list. */
  readonly routes: { method: Method; path: string; auth: Auth }[] = [];
  /** The deprecated unversioned paths, each serving its canonical route's chain (docs/decisions/052-versioned-api.md). */
  readonly aliases: { method: Method; path: string; canonical: string }[] = [];
  /** Every path a route is mounted at, as written (canonical and alias): the only route labels of the metrics (server/observability/http-metrics.ts). */
  readonly templates = new Set<string>();
  /** The methods served at each path shape, either spelling: what a 405's Allow names. */
  private readonly methodsByShape = new Map<string, Set<Method>>();

  constructor(
    private readonly app: Express,
    private readonly options: ApiBuilderOptions,
  ) {
    this.registry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'x-api-key' });
    this.registry.registerComponent('securitySchemes', 'apiSecret', { type: 'apiKey', in: 'header', name: 'x-api-secret' });
    this.registry.registerComponent('securitySchemes', 'session', { type: 'apiKey', in: 'cookie', name: 'pq.sid' });
  }

  route<B extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
    def: RouteDef<B, P, Q>,
    handler: (input: HandlerInput<Infer<B>, Infer<P>, Infer<Q>>) => unknown,
  ): void {
    const versioned = versionedPath(def.path);
    const path = versioned ?? def.path;
    const legacy = versioned === undefined ? undefined : def.path;
    this.served(def.method, path);
    this.routes.push({ method: def.method, path, auth: def.auth });
    this.document(def, path);
    if (legacy !== undefined) {
      this.served(def.method, legacy);
      this.aliases.push({ method: def.method, path: legacy, canonical: path });
      this.document(def, legacy, path);
    }
    const success = Math.min(...Object.keys(def.responses).map(Number).filter((s) => s < 300));
    const responseSchema = def.responses[success]?.schema;
    const run: RequestHandler = async (req, res) => {
      const body = def.body ? validate(def.body, req.body ?? {}, 'body') : undefined;
      const params = def.params ? validate(def.params, req.params, 'params') : undefined;
      const query = def.query ? validate(def.query, req.query, 'query') : undefined;
      const result = await handler({ req, res, body: body as Infer<B>, params: params as Infer<P>, query: query as Infer<Q> });
      if (res.headersSent || result === undefined) return;
      const bytes = jsonBytesOf(result);
      if (this.options.checkResponses && responseSchema) {
        // What is sent is checked, a JsonBytes included.
        const check = responseSchema.safeParse(JSON.parse(bytes.toString('utf8')));
        if (!check.success) throw new Error(`${def.method.toUpperCase()} ${def.path} broke its contract: ${check.error.message}`);
      }
      sendJsonBytes(res, success, bytes);
    };
    const chain = [...this.options.auth[def.auth], requireJsonBody(def.method), ...(def.before ?? []), run];
    const mounts: [string, RequestHandler[]][] = [[path, chain]];
    if (legacy !== undefined) mounts.push([legacy, [deprecatedAlias(path), ...chain]]);
    for (const [at, handlers] of mounts) {
      this.templates.add(at);
      this.app[def.method](at, ...handlers);
      if (this.options.lane && laneEligible(def)) this.options.lane.add(at, handlers);
    }
  }

  /**
   * Mount after every route and before the 404 of unknown paths: a declared path asked with a
   * method it does not serve gets 405 with Allow, and OPTIONS gets 204 with Allow.
   */
  refuseOtherMethods(): void {
    const underApi = new Map([...this.methodsByShape].filter(([shape]) => shape.startsWith('/api/')));
    this.app.use('/api', methodNotAllowed('/api', underApi));
  }

  /** Records that `method` is served at `path`; a second route of the same method and shape is a mistake (an alias hiding a /api/v1 route). */
  private served(method: Method, path: string): void {
    const shape = pathShape(path);
    const methods = this.methodsByShape.get(shape) ?? new Set<Method>();
    if (methods.has(method)) throw new Error(`${method.toUpperCase()} ${path} is declared twice (a route, or the /api/v1 twin of an unversioned one)`);
    methods.add(method);
    this.methodsByShape.set(shape, methods);
  }

  /** Mounts static files (not an API operation, so not in the OpenAPI document). */
  static(path: string, handler: RequestHandler): void {
    this.app.use(path, handler);
  }

  /** Registers the operation at `path`; with `successor`, as the deprecated alias of that /api/v1 operation. */
  private document(def: RouteDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>, path: string, successor?: string): void {
    const errors: Record<number, ResponseDoc> = { 400: { description: 'Invalid request', schema: ErrorResponse } };
    if (def.auth === 'user' || def.auth === 'apiKey' || def.auth === 'account') errors[401] = { description: 'Not authenticated', schema: ErrorResponse };
    if (def.auth === 'account') errors[403] = { description: 'operation_not_allowed: the API key does not name the manage operation', schema: ErrorResponse };
    const responses = Object.fromEntries(
      Object.entries({ ...errors, ...def.responses }).map(([status, r]) => [
        status,
        {
          description: r.description,
          ...(r.schema ? { content: { [r.contentType ?? 'application/json']: { schema: r.schema } } } : {}),
        },
      ]),
    );
    this.registry.registerPath({
      method: def.method,
      path: path.replace(/:(\w+)/g, '{$1}'),
      summary: def.summary,
      ...(successor === undefined
        ? def.description ? { description: def.description } : {}
        : { deprecated: true, description: `Deprecated: use ${successor.replace(/:(\w+)/g, '{$1}')}, the same operation (see docs/api-changelog.md).` }),
      tags: [def.tag],
      security: SECURITY[def.auth],
      request: {
        ...(def.body ? { body: { required: true, content: { 'application/json': { schema: def.body } } } } : {}),
        ...(def.params ? { params: def.params as z.ZodObject } : {}),
        ...(def.query ? { query: def.query as z.ZodObject } : {}),
        ...(def.headers ? { headers: def.headers } : {}),
      },
      responses,
    });
  }
}

/** Each mode's OpenAPI security requirement; alternatives are listed side by side (either one suffices). */
const SECURITY: Record<Auth, Record<string, string[]>[]> = {
  none: [],
  session: [],
  user: [{ session: [] }],
  apiKey: [{ apiKey: [], apiSecret: [] }],
  account: [{ session: [] }, { apiKey: [], apiSecret: [] }],
};

/** A POST/PATCH body must be JSON: anything else gets a 415 naming the content type to use. */
function requireJsonBody(method: Method): RequestHandler {
  return (req, _res, next) => {
    if (method === 'get' || method === 'delete') return next();
    if (hasBody(req) && mediaTypeOf(headerOf(req, 'content-type')) !== 'application/json') {
      return next(new AppError(415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.'));
    }
    next();
  };
}
