/**
 * Label values stay in fixed sets whatever clients send (docs/decisions/062-metrics.md): the fuzz
 * suite's inputs over every route (server/http/fuzz-run.test-support.ts), then requests carrying
 * one recognisable string everywhere a client can put one, against an app with metrics on.
 */
import { describe, expect, it } from 'vitest';
import { METERED_OPERATIONS } from '../../shared/key-operations.ts';
import { everyRouteServer } from '../http/every-route.test-support.ts';
import { fuzzEveryRoute } from '../http/fuzz-run.test-support.ts';
import { APP_VERSION } from '../version.ts';
import { METRICS_PATH } from './http-metrics.ts';
import { REFUSAL_CODES } from './metrics.ts';
import { metricsByToken, parseExposition } from './metrics.test-support.ts';

const served = everyRouteServer(metricsByToken);

/** Fewer than fuzz.test.ts's 200: this run looks at what every route leaves, not at each answer. */
const RUNS_PER_ROUTE = 8;
const CANARY = 'zq7canary';

describe('metric labels under the fuzz suite', () => {
  it('take only declared route templates, "static" or "unmatched", and never a string a client sent', async () => {
    const run = await fuzzEveryRoute(served, { runs: RUNS_PER_ROUTE }, () => {});
    expect(run.requests).toBeGreaterThan(run.routes);
    const paths = [`/api/v1/${CANARY}`, `/${CANARY}`, `/api/v1/keys/${CANARY}`, `/api/v1/crypto/dilion/sign/${CANARY}`, `/API/V1/CRYPTO/DILION/SIGN?${CANARY}=${CANARY}`, `/assets/${CANARY}.js`];
    for (const path of paths) {
      for (const method of ['get', 'post', 'put', 'delete', 'options', 'head']) {
        await served
          .credentialed(method, path)
          .set('Idempotency-Key', CANARY)
          .set('X-Request-Id', CANARY)
          .set('Content-Type', 'application/json')
          .send(method === 'get' || method === 'head' ? undefined : JSON.stringify({ message: CANARY, [CANARY]: CANARY }));
      }
    }

    const text = await served.app.metrics.scrape();
    expect(text).not.toContain(CANARY);
    const samples = parseExposition(text).filter((s) => s.name.startsWith('pq_'));
    const allowed: Record<string, ReadonlySet<string>> = {
      route: new Set([...served.app.context.api.templates, 'static', 'unmatched', METRICS_PATH]),
      method: new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'other']),
      code: new Set([...REFUSAL_CODES, 'other']),
      outcome: new Set(['completed', 'failed', 'cancelled', 'refunded', 'reversed']),
      file: new Set(['database', 'wal']),
      version: new Set([APP_VERSION]),
    };
    const operations = new Set<string>(METERED_OPERATIONS);
    const routes = new Set<string>();
    for (const { name, labels } of samples) {
      for (const [label, value] of Object.entries(labels)) {
        const context = `${name} ${JSON.stringify(labels)}`;
        if (label === 'status') expect(value, context).toMatch(/^[1-5]\d\d$/);
        else if (label === 'le') expect(value, context).toMatch(/^(\+Inf|\d+(\.\d+)?(e[+-]?\d+)?)$/);
        // An engine task's kind is a name of its protocol (server/engine/protocol.ts), in the code.
        else if (label === 'operation' && name.startsWith('pq_engine_')) expect(value, context).toMatch(/^[a-z][A-Za-z0-9]+$/);
        else if (label === 'operation') expect(operations.has(value), context).toBe(true);
        else expect(allowed[label]?.has(value), context).toBe(true);
        if (label === 'route') routes.add(value);
      }
    }
    // The run reached the routes, and what no route took was labelled as such.
    expect(routes.size).toBeGreaterThan(run.declared / 2);
    expect(routes.has('unmatched')).toBe(true);
  });
});
