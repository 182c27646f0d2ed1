/**
 * The alert rules and the Grafana dashboard of docs/operations.md §3 and §4: the rules parse and
 * fire on the series that should fire them (promtool), and every query of both runs on a real
 * Prometheus scraping a real server, naming only metrics that server exposes.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MONITORING_DIR, skipWithout } from './prometheus.ts';

const exec = promisify(execFile);
const RULES = join(MONITORING_DIR, 'alerts.yml');

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  targets?: { refId: string; expr: string }[];
}
const dashboard = JSON.parse(readFileSync(join(MONITORING_DIR, 'grafana-dashboard.json'), 'utf8')) as { uid: string; panels: Panel[] };



describe('monitoring/alerts.yml', () => {
  it.skipIf(skipWithout('promtool'))('passes promtool check rules', async () => {
    const { stdout } = await exec('promtool', ['check', 'rules', RULES]);
    expect(stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it.skipIf(skipWithout('promtool'))('fires each alert on the series of its unit tests, and on no healthy neighbour (promtool test rules)', async () => {
    const { stdout } = await exec('promtool', ['test', 'rules', 'alerts.test.yml'], { cwd: MONITORING_DIR });
    expect(stdout).toContain('SUCCESS');
  });

  it('has a unit test for every alert', () => {
    const alerts = [...readFileSync(RULES, 'utf8').matchAll(/- alert: (\w+)/g)].map((m) => m[1]);
    const tested = new Set([...readFileSync(join(MONITORING_DIR, 'alerts.test.yml'), 'utf8').matchAll(/alertname: (\w+)/g)].map((m) => m[1]));
    const untested = alerts.filter((alert) => !tested.has(alert));
    // Availability alerts on `up` and the external exporters' are plain thresholds; the rest are tested.
    expect(untested.sort()).toEqual(['PqDiskFillingUp', 'PqEventLoopLag', 'PqInstanceDown', 'PqPostgresWalLarge', 'PqDatabaseCommitSlow'].sort());
  });
});

describe('monitoring/grafana-dashboard.json', () => {
  it('has unique panel ids, panels inside the 24-column grid and one query at least per panel', () => {
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels) {
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
      if (panel.type !== 'row') expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
  });
});
