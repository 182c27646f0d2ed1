/**
 * A bounded fuzz run over every declared route (about a minute at most): random path parameters,
 * query strings and headers, with or without a junk JSON body, signed in and with an API key.
 * The property is the one the whole API keeps: never a 5xx, and any 4xx carries a message and a
 * code. Routes added later (dashboard, payments) are covered by being declared.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { everyRouteServer, SESSION_ENDING_ROUTES } from './every-route.test-support.ts';

const served = everyRouteServer();

/** Per route; the whole run stays near a minute on two cores. */
const TIME_PER_ROUTE_MS = 700;

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

/** With the key (and the cookie), or, for an 'account' route's second pass, the session alone. */
function call(method: string, path: string, q: Record<string, unknown>, h: Record<string, string>, b: unknown, bySession = false) {
  const req = (bySession ? served.bySession : served.credentialed)(method, path)
    .query(q as Record<string, string>)
    .set(h);
  return b === undefined || method === 'get' ? req : req.set('Content-Type', 'application/json').send(JSON.stringify(b) ?? 'null');
}

describe('a bounded fuzz run over every route', () => {
  it('never answers 5xx to random path parameters, query strings, headers and bodies', async () => {
    const declared = served.app.context.api.routes.filter((r) => !SESSION_ENDING_ROUTES.has(`${r.method.toUpperCase()} ${r.path}`));
    expect(declared.length).toBeGreaterThan(40);
    // An 'account' route is run twice: by the management key, then by the session alone (docs/decisions/057).
    const routes = [...declared.map((r) => ({ ...r, bySession: false })), ...declared.filter((r) => r.auth === 'account').map((r) => ({ ...r, bySession: true }))];
    expect(routes.length).toBeGreaterThan(declared.length);
    let requests = 0;
    for (const route of routes) {
      const params = route.path.match(/:\w+/g) ?? [];
      await fc.assert(
        fc.asyncProperty(fc.array(text, { minLength: params.length, maxLength: params.length }), query, headers, body, async (values, q, h, b) => {
          let path = route.path;
          params.forEach((p, i) => (path = path.replace(p, encodeURIComponent(values[i]!) || 'x')));
          const res = await call(route.method, path, q, h, b, route.bySession);
          requests++;
          const context = `${route.bySession ? '(session) ' : ''}${route.method.toUpperCase()} ${path} ?${JSON.stringify(q)} ${JSON.stringify(h)} -> ${res.status} ${res.text.slice(0, 200)}`;
          expect(res.status, context).toBeLessThan(500);
          if (res.status >= 400 && res.headers['content-type']?.includes('json')) {
            expect(typeof res.body.message, context).toBe('string');
            expect(res.body.code, context).toMatch(/^[a-z_]+$/);
          }
        }),
        { numRuns: 200, interruptAfterTimeLimit: TIME_PER_ROUTE_MS, markInterruptAsFailure: false },
      );
    }
    expect(requests).toBeGreaterThan(routes.length * 5);
  });
});
