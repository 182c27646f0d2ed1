import { describe, expect, it } from 'vitest';
import { metricNames } from './promql.ts';

describe('metricNames', () => {
  it('finds the metrics of a histogram quantile over an aggregation, and not its labels or functions', () => {
    const expr = 'histogram_quantile(0.99, sum by (instance, route, le) (rate(pq_http_request_duration_seconds_bucket{route=~"/api/v1/.*"}[5m]))) > 1';
    expect(metricNames(expr)).toEqual(['pq_http_request_duration_seconds_bucket']);
  });

  it('finds both sides of a binary operator, and skips and/or, numbers and durations', () => {
    const expr = 'pq_engine_queue_length > 4 * pq_engine_workers and pq_engine_workers_busy >= pq_engine_workers offset 5m or vector(1e9)';
    expect(metricNames(expr).sort()).toEqual(['pq_engine_queue_length', 'pq_engine_workers', 'pq_engine_workers_busy']);
  });

  it('ignores names inside label values and strings', () => {
    expect(metricNames('up{job="pq_fake_metric", instance=~"a|b"} == 0')).toEqual(['up']);
  });

  it('reads a metric written before its own grouping clause and after on()', () => {
    expect(metricNames('sum(rate(a_total[1m])) by (code) / on (code) group_left b_total').sort()).toEqual(['a_total', 'b_total']);
  });
});
