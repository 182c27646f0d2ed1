/**
 * The alert rules and the Grafana dashboard (docs/operations.md §3, §4) against a real Prometheus
 * scraping a real server: every query runs, and names only metrics that server exposes (or, for a
 * rule, one of the exporters docs/operations.md names); every pq_ metric is on the dashboard.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsByToken, TEST_METRICS_TOKEN } from '../server/observability/metrics.test-support.ts';
import { listeningTestApp, type ListeningTestApp } from '../server/test-support.ts';
import { metricNames } from './promql.ts';
import { MONITORING_DIR, skipWithout, startPrometheus, type RunningPrometheus } from './prometheus.ts';

const RULES = join(MONITORING_DIR, 'alerts.yml');

interface Panel {
  title: string;
  targets?: { refId: string; expr: string }[];
}
const dashboard = JSON.parse(readFileSync(join(MONITORING_DIR, 'grafana-dashboard.json'), 'utf8')) as { panels: Panel[] };
const targets = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })));

/** A dashboard query as Grafana sends it for "all instances" over the last minutes. */
const asSent = (expr: string) => expr.replaceAll('$__rate_interval', '30s').replaceAll('$job', 'pq-platform').replaceAll('$instance', '.*');

/** Metrics the rules read from other exporters (docs/operations.md §3): Prometheus's own, blackbox_exporter's, postgres_exporter's. */
const EXTERNAL = new Set(['up', 'probe_ssl_earliest_cert_expiry', 'pg_wal_size_bytes']);

describe.skipIf(skipWithout('prometheus'))('against a real Prometheus scraping a real server', () => {
  let live: ListeningTestApp;
  let prometheus: RunningPrometheus;
  let exposed: Set<string>;

  beforeAll(async () => {
    live = await listeningTestApp({ config: metricsByToken });
    const { apiKey, apiSecret } = live.account;
    const headers = { 'content-type': 'application/json', 'x-api-key': apiKey, 'x-api-secret': apiSecret };
    const signed = await fetch(`${live.baseUrl}/api/v1/crypto/dilion/sign`, { method: 'POST', headers, body: JSON.stringify({ message: 'aGVsbG8=' }) });
    expect(signed.status).toBe(200);
    await fetch(`${live.baseUrl}/api/v1/no-such-route`);
    const text = await (await fetch(`${live.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } })).text();
    exposed = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
    const { host } = new URL(live.baseUrl);
    prometheus = await startPrometheus({ target: host, path: '/metrics', bearerToken: TEST_METRICS_TOKEN }, [RULES]);
    await prometheus.scraped(3);
  });

  afterAll(async () => {
    await prometheus?.stop();
    await live?.close();
  });

  it('runs every dashboard query without error', async () => {
    for (const { panel, expr } of targets) {
      const answer = await prometheus.query(asSent(expr));
      expect(answer.error ?? answer.status, `${panel}: ${expr}`).toBe('success');
    }
  });

  it('names in the dashboard only metrics the server exposes, and shows every pq_ metric it exposes', () => {
    const named = new Set(targets.flatMap(({ expr }) => metricNames(asSent(expr))));
    const family = (name: string) => name.replace(/_(bucket|sum|count)$/, '');
    expect([...named].filter((name) => !exposed.has(name) && !exposed.has(family(name)))).toEqual([]);
    const shown = new Set([...named].map(family));
    expect([...exposed].filter((name) => name.startsWith('pq_') && !shown.has(name))).toEqual([]);
  });

  it('evaluates every alert rule without error, naming only metrics the server or a documented exporter exposes', async () => {
    const rules = await prometheus.evaluatedRules();
    expect(rules.map((rule) => rule.name).sort()).toEqual([...readFileSync(RULES, 'utf8').matchAll(/- alert: (\w+)/g)].map((m) => m[1]).sort());
    for (const rule of rules) {
      expect(rule.lastError ?? rule.health, rule.name).toBe('ok');
      const unknown = metricNames(rule.query).filter((name) => !EXTERNAL.has(name) && !exposed.has(name.replace(/_(bucket|sum|count)$/, '')));
      expect(unknown, rule.name).toEqual([]);
    }
  });
});
