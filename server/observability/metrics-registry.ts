/**
 * The metrics on prom-client (docs/decisions/062-metrics.md), loaded by metrics.ts's createMetrics
 * only when metrics are on: prom-client loads OpenTelemetry's API package, which an install without metrics
 * or an OTLP endpoint must not load (docs/decisions/064-tracing.md).
 */
import { statfsSync, statSync } from 'node:fs';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { TaskName } from '../engine/protocol.ts';
import type { MeteredOperation } from '../../shared/key-operations.ts';
import { httpObserver } from './http-metrics.ts';
import { PAYMENT_OUTCOMES, REFUSAL_CODES, type AppMetrics, type MetricsSources } from './metrics.ts';
import { SeriesCounter, SeriesHistogram, type CounterSeries, type HistogramSeries } from './series.ts';

const nothing = () => {};

/** Engine tasks take from tenths of a millisecond (a signature) to seconds (a zk-FIDNA proof). */
const TASK_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** A group commit writes one entry up to OperationsService's batch bound. */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
const COMMIT_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/** The metrics of one app, on a registry of its own. */
export function registryMetrics({ config, pool, version, templates }: MetricsSources): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  new Gauge({ name: 'pq_build_info', help: 'The running version; always 1.', labelNames: ['version'], registers }).set({ version }, 1);
  const ready = new Gauge({ name: 'pq_ready', help: '1 when ready to serve, 0 while starting, draining or failing a readiness check.', registers });
  ready.set(1);
  let recheckReadiness: (() => Promise<unknown>) | undefined;
  let unfollow = nothing;

  new Gauge({ name: 'pq_engine_queue_length', help: 'Engine tasks waiting for a worker.', registers, collect() { this.set(pool.queued); } });
  new Gauge({ name: 'pq_engine_workers', help: 'Engine workers up (engine loaded).', registers, collect() { this.set(pool.workersUp); } });
  new Gauge({ name: 'pq_engine_workers_busy', help: 'Engine workers holding at least one task.', registers, collect() { this.set(pool.workersBusy); } });
  // Per call (as the admissions below): series.ts's series, kept per label value.
  const taskSeconds = new SeriesHistogram('pq_engine_task_duration_seconds', "An engine task's time in its worker, by task kind.", TASK_BUCKETS, registry);
  const byTask = new Map<TaskName, HistogramSeries>();
  const stopObserving = pool.observeTasks((task, ms) => {
    let series = byTask.get(task);
    if (!series) byTask.set(task, (series = taskSeconds.series({ operation: task })));
    taskSeconds.observe(series, ms / 1000);
  });

  const admissions = new SeriesCounter('pq_metering_admissions_total', 'Public calls admitted by metering, by operation.', registry);
  const byOperation = new Map<MeteredOperation, CounterSeries>();
  const refusals = new Counter({ name: 'pq_metering_refusals_total', help: 'Public calls refused by metering, by error code.', labelNames: ['code'], registers });
  const overage = new Counter({ name: 'pq_metering_overage_calls_total', help: 'Calls charged as overage (past the allowance).', registers });
  const batchSize = new Histogram({ name: 'pq_db_commit_batch_size', help: 'Entries written by one group commit.', buckets: BATCH_BUCKETS, registers });
  const commitSeconds = new Histogram({ name: 'pq_db_commit_duration_seconds', help: 'Time of one group commit.', buckets: COMMIT_BUCKETS, registers });
  const commitFailures = new Counter({ name: 'pq_db_commit_failures_total', help: 'Group commits that failed as a whole.', registers });
  const replays = new Counter({ name: 'pq_idempotency_replays_total', help: 'Retries answered with the stored answer of an Idempotency-Key.', registers });
  const payments = new Counter({ name: 'pq_payments_total', help: 'Purchases completed, failed, cancelled, refunded or reversed.', labelNames: ['outcome'], registers });
  // Every code and outcome starts at 0, so rate() and the alert rules see a series before the first event.
  for (const code of [...REFUSAL_CODES, 'other']) refusals.inc({ code }, 0);
  for (const outcome of PAYMENT_OUTCOMES) payments.inc({ outcome }, 0);
  storageGauges(config, registers);

  const refusalCodes = new Set<string>(REFUSAL_CODES);
  const http = httpObserver(registry, templates);
  return {
    registry,
    onResponse: http,
    admitted: (operation) => {
      let series = byOperation.get(operation);
      if (!series) byOperation.set(operation, (series = admissions.series({ operation })));
      series.value++;
    },
    refused: (code) => refusals.inc({ code: refusalCodes.has(code) ? code : 'other' }),
    overageCall: () => overage.inc(),
    committed: (entries, seconds) => {
      batchSize.observe(entries);
      commitSeconds.observe(seconds);
    },
    commitFailed: () => commitFailures.inc(),
    idempotentReplay: () => replays.inc(),
    payment: (outcome) => payments.inc({ outcome }),
    followReadiness: (readiness, recheck) => {
      ready.set(readiness.ready ? 1 : 0);
      unfollow = readiness.onChange((isReady) => ready.set(isReady ? 1 : 0));
      recheckReadiness = recheck;
    },
    // A failing check is a 0 in pq_ready (its reason is logged by the check), never a failed scrape.
    scrape: async () => {
      await recheckReadiness?.().catch(nothing);
      return registry.metrics();
    },
    contentType: registry.contentType,
    close: () => {
      unfollow();
      stopObserving();
      registry.clear();
    },
  };
}

/** Sizes read at scrape: SQLite's file and its WAL (SQLite only), and the room left where the data lives. */
function storageGauges(config: Config, registers: Registry[]): void {
  const { database, dataDir } = config;
  if (database.engine === 'sqlite' && database.file !== ':memory:') {
    const files = { database: database.file, wal: `${database.file}-wal` };
    new Gauge({
      name: 'pq_sqlite_bytes', help: "Bytes of SQLite's database file and of its write-ahead log.", labelNames: ['file'], registers,
      collect() {
        for (const [file, path] of Object.entries(files)) this.set({ file }, statSync(path, { throwIfNoEntry: false })?.size ?? 0);
      },
    });
  }
  new Gauge({
    name: 'pq_data_dir_free_bytes', help: 'Bytes free to this process on the file system of DATA_DIR.', registers,
    collect() {
      try {
        const fs = statfsSync(dataDir);
        this.set(fs.bavail * fs.bsize);
      } catch {
        // A data directory that cannot be read is reported by the readiness check, not by a failed scrape.
        this.reset();
      }
    },
  });
}
