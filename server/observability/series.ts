/**
 * Counters and histograms for the per-call path: each series (one set of label values) is a plain
 * object its caller keeps, so a call costs a field increment and, for a histogram, a short bucket
 * search; prom-client's registry reads them only at scrape, through the metric shape it formats
 * (name, help, type, get()). prom-client's own Counter and Histogram hash their label object on
 * every call: about 1 µs each on this machine, measured in bench/README.md "Metrics on and off"
 * (docs/decisions/062-metrics.md).
 */
import type { Registry } from 'prom-client';

type Labels = Record<string, string>;

interface Exported {
  labels: Labels;
  value: number;
  metricName?: string;
}

/** A series of a counter: `value++` counts one. */
export interface CounterSeries {
  value: number;
}

/** A series of a histogram: observe() through its histogram. */
export interface HistogramSeries {
  readonly labels: Labels;
  /** Observations per bucket (not cumulative); the last one is +Inf's. */
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

abstract class Metric {
  readonly aggregator = 'sum';
  abstract readonly type: 'counter' | 'histogram';

  constructor(
    readonly name: string,
    readonly help: string,
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  protected abstract values(): Exported[];

  get(): { name: string; help: string; type: string; aggregator: string; values: Exported[] } {
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: this.values() };
  }
}

export class SeriesCounter extends Metric {
  readonly type = 'counter';
  private readonly all: { labels: Labels; series: CounterSeries }[] = [];

  /** A new series; the caller keeps it (asking twice for the same labels would export them twice). */
  series(labels: Labels): CounterSeries {
    const series = { value: 0 };
    this.all.push({ labels, series });
    return series;
  }

  protected values(): Exported[] {
    return this.all.map(({ labels, series }) => ({ labels, value: series.value }));
  }
}

export class SeriesHistogram extends Metric {
  readonly type = 'histogram';
  private readonly all: HistogramSeries[] = [];

  constructor(
    name: string,
    help: string,
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    super(name, help, registry);
  }

  /** A new series; the caller keeps it (asking twice for the same labels would export them twice). */
  series(labels: Labels): HistogramSeries {
    const series = { labels, counts: new Float64Array(this.buckets.length + 1), sum: 0, count: 0 };
    this.all.push(series);
    return series;
  }

  observe(series: HistogramSeries, value: number): void {
    const { buckets } = this;
    let i = 0;
    while (i < buckets.length && value > buckets[i]!) i++;
    series.counts[i]!++;
    series.sum += value;
    series.count++;
  }

  protected values(): Exported[] {
    const out: Exported[] = [];
    for (const { labels, counts, sum, count } of this.all) {
      let cumulative = 0;
      this.buckets.forEach((le, i) => {
        cumulative += counts[i]!;
        out.push({ labels: { le: String(le), ...labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      out.push({ labels: { le: '+Inf', ...labels }, value: count, metricName: `${this.name}_bucket` });
      out.push({ labels, value: sum, metricName: `${this.name}_sum` });
      out.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return out;
  }
}
