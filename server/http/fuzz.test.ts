/**
 * A bounded fuzz run over every declared route (about a minute at most): random path parameters,
 * query strings and headers, with or without a junk JSON body, signed in and with an API key
 * (fuzz-run.test-support.ts). The property is the one the whole API keeps: never a 5xx, and any
 * 4xx carries a message and a code. Routes added later (dashboard, payments) are covered by being
 * declared.
 */
import { describe, expect, it } from 'vitest';
import { everyRouteServer } from './every-route.test-support.ts';
import { fuzzEveryRoute } from './fuzz-run.test-support.ts';

const served = everyRouteServer();

/** Per route; the whole run stays near a minute on two cores. */
const TIME_PER_ROUTE_MS = 700;

describe('a bounded fuzz run over every route', () => {
  it('never answers 5xx to random path parameters, query strings, headers and bodies', async () => {
    const run = await fuzzEveryRoute(served, { runs: 200, timePerRouteMs: TIME_PER_ROUTE_MS }, (res, context) => {
      expect(res.status, context).toBeLessThan(500);
      if (res.status >= 400 && res.headers['content-type']?.includes('json')) {
        expect(typeof res.body.message, context).toBe('string');
        expect(res.body.code, context).toMatch(/^[a-z_]+$/);
      }
    });
    expect(run.declared).toBeGreaterThan(40);
    expect(run.routes).toBeGreaterThan(run.declared);
    expect(run.requests).toBeGreaterThan(run.routes * 5);
  });
});
