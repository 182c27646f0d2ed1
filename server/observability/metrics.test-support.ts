/**
 * Reading Prometheus' text format in tests: each sample as its name, labels and value, so a test
 * checks exact counts without matching whole lines.
 */
import type { Config } from '../config.ts';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) labels[name!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}: name more labels`);
  return found[0]?.value;
}

/** A token of the accepted length, for tests. */
export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789abcdef';

/** Config overrides that turn metrics on, behind the token on the main port only. */
export const metricsByToken: Partial<Config> = { metrics: { port: null, host: '127.0.0.1', token: TEST_METRICS_TOKEN } };
