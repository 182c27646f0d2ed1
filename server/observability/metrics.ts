/**
 * Prometheus metrics (docs/decisions/062-metrics.md): one registry per app instance, never
 * prom-client's global one, so that several apps in one process (tests) keep their counts apart.
 * Off by default: NO_METRICS then stands in, whose every method does nothing and which gives the
 * request log no hook, so the hot path pays nothing. The names are fixed for the alert rules and the
 * dashboard of the operations guide; every label takes its values from a fixed set in the code, never
 * from what a client sent.
 */
import type { Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { EnginePool } from '../engine/pool.ts';
import type { ResponseObserver } from '../http/request-log.ts';
import type { MeteredOperation } from '../../shared/key-operations.ts';
import type { Readiness } from './readiness.ts';

/** Metering's refusals (features/metering/metering.service.ts), counted by their own code; any other as "other". */
export const REFUSAL_CODES = ['usage_limit_reached', 'spending_limit_reached', 'overage_unpaid', 'account_missing'] as const;

/** A purchase's state changes that end it or undo it (features/payments/payment-ledger.ts). */
export const PAYMENT_OUTCOMES = ['completed', 'failed', 'cancelled', 'refunded', 'reversed'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** What the app's parts report; each method is a no-op when metrics are off. */
export interface AppMetrics {
  /** The instance's registry; null when metrics are off (nothing was created). */
  readonly registry: Registry | null;
  /** The request log's hook, undefined when off (server/http/request-log.ts). */
  readonly onResponse: ResponseObserver | undefined;
  admitted(operation: MeteredOperation): void;
  refused(code: string): void;
  overageCall(): void;
  committed(entries: number, seconds: number): void;
  commitFailed(): void;
  idempotentReplay(): void;
  payment(outcome: PaymentOutcome): void;
  /**
   * pq_ready follows `readiness` (docs/decisions/063); each scrape first runs `recheck` (the readiness
   * route's checks), so the gauge is current even where no load balancer polls that route.
   */
  followReadiness(readiness: Readiness, recheck: () => Promise<unknown>): void;
  /** The exposition, in Prometheus' text format. */
  scrape(): Promise<string>;
  readonly contentType: string;
  close(): void;
}

const nothing = () => {};

export const NO_METRICS: AppMetrics = {
  registry: null,
  onResponse: undefined,
  admitted: nothing,
  refused: nothing,
  overageCall: nothing,
  committed: nothing,
  commitFailed: nothing,
  idempotentReplay: nothing,
  payment: nothing,
  followReadiness: nothing,
  scrape: () => Promise.reject(new Error('metrics are off')),
  contentType: 'text/plain',
  close: nothing,
};

export interface MetricsSources {
  config: Config;
  pool: EnginePool;
  version: string;
  /** The route templates the app declares (ApiBuilder.templates), read as requests finish. */
  templates: () => ReadonlySet<string>;
}

/**
 * The metrics of one app, or NO_METRICS when config.metrics is null; prom-client (and the
 * OpenTelemetry API package it loads) is imported only when they are on.
 */
export async function createMetrics(sources: MetricsSources): Promise<AppMetrics> {
  if (!sources.config.metrics) return NO_METRICS;
  const { registryMetrics } = await import('./metrics-registry.ts');
  return registryMetrics(sources);
}
