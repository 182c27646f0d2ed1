import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { SeriesCounter, SeriesHistogram } from './series.ts';

describe('series kept by their callers', () => {
  it('export what prom-client\'s own counter and histogram export for the same observations', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const buckets = [0.001, 0.01, 0.1];
    const histogram = new SeriesHistogram('h', 'help', buckets, ours);
    const reference = new Histogram({ name: 'h', help: 'help', labelNames: ['route'], buckets, registers: [theirs] });
    const series = histogram.series({ route: '/a' });
    for (const value of [0.0005, 0.001, 0.002, 0.05, 0.1, 3]) {
      histogram.observe(series, value);
      reference.observe({ route: '/a' }, value);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('count by a field of the series', async () => {
    const registry = new Registry();
    const counter = new SeriesCounter('c_total', 'help', registry);
    const a = counter.series({ code: 'a' });
    a.value++;
    a.value++;
    counter.series({ code: 'b' }).value++;
    expect(await registry.metrics()).toBe('# HELP c_total help\n# TYPE c_total counter\nc_total{code="a"} 2\nc_total{code="b"} 1\n');
  });
});
