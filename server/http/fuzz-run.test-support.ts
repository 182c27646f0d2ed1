/**
 * The bounded fuzz run over every declared route (fuzz.test.ts), shared with the tests that watch
 * what such a run leaves behind (server/observability/metric-labels.test.ts): random path
 * parameters, query strings and headers, with or without a junk JSON body, signed in and with an
 * API key; an 'account' route is run twice, by the management key and then by the session alone
 * (docs/decisions/057).
 */
import fc from 'fast-check';
import type { Response } from 'supertest';
import { SESSION_ENDING_ROUTES, type EveryRouteServer } from './every-route.test-support.ts';

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'null', 'undefined', '[]', '{}', '%', '%00', '../..', 'é', '9'.repeat(40), 'a'.repeat(300)),
);
const QUERY_NAMES = ['limit', 'before', 'tab', 'month', 'cursor', 'page', 'q', '__proto__', 'constructor', 'code', 'state'];
const query = fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ minLength: 1, maxLength: 10 })), fc.oneof(text, fc.array(text, { maxLength: 3 })), { maxKeys: 4 });
const HEADER_NAMES = ['x-api-key', 'x-api-secret', 'idempotency-key', 'x-request-id', 'sec-fetch-site', 'origin', 'accept', 'x-forwarded-for'];
const headerValue = fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));
const headers = fc.dictionary(fc.constantFrom(...HEADER_NAMES), headerValue, { maxKeys: 4 });
const body = fc.option(fc.oneof(fc.anything(), fc.dictionary(fc.string({ maxLength: 12 }), fc.anything(), { maxKeys: 5 })), { nil: undefined });

export interface FuzzRun {
  /** The routes run (declared, less those that end the session), 'account' ones twice. */
  routes: number;
  declared: number;
  requests: number;
}

/** Runs each route `runs` times, or for `timePerRouteMs` if that ends first; `check` sees each answer with a line describing the request. */
export async function fuzzEveryRoute(served: EveryRouteServer, limits: { runs: number; timePerRouteMs?: number }, check: (res: Response, context: string) => void): Promise<FuzzRun> {
  const declared = served.app.context.api.routes.filter((r) => !SESSION_ENDING_ROUTES.has(`${r.method.toUpperCase()} ${r.path}`));
  const routes = [...declared.map((r) => ({ ...r, bySession: false })), ...declared.filter((r) => r.auth === 'account').map((r) => ({ ...r, bySession: true }))];
  /** With the key (and the cookie), or, for an 'account' route's second pass, the session alone. */
  const call = (method: string, path: string, q: Record<string, unknown>, h: Record<string, string>, b: unknown, bySession: boolean) => {
    const req = (bySession ? served.bySession : served.credentialed)(method, path)
      .query(q as Record<string, string>)
      .set(h);
    return b === undefined || method === 'get' ? req : req.set('Content-Type', 'application/json').send(JSON.stringify(b) ?? 'null');
  };
  let requests = 0;
  for (const route of routes) {
    const params = route.path.match(/:\w+/g) ?? [];
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: params.length, maxLength: params.length }), query, headers, body, async (values, q, h, b) => {
        let path = route.path;
        params.forEach((p, i) => (path = path.replace(p, encodeURIComponent(values[i]!) || 'x')));
        const res = await call(route.method, path, q, h, b, route.bySession);
        requests++;
        check(res, `${route.bySession ? '(session) ' : ''}${route.method.toUpperCase()} ${path} ?${JSON.stringify(q)} ${JSON.stringify(h)} -> ${res.status} ${res.text.slice(0, 200)}`);
      }),
      { numRuns: limits.runs, ...(limits.timePerRouteMs === undefined ? {} : { interruptAfterTimeLimit: limits.timePerRouteMs, markInterruptAsFailure: false }) },
    );
  }
  return { routes: routes.length, declared: declared.length, requests };
}
