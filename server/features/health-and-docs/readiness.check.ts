/**
 * The readiness check (GET /api/v1/health/ready, docs/decisions/063-liveness-readiness-and-drain.md):
 * one read of the database (its migrations table, which also says whether the migrations are
 * current), and whether an engine worker is up. It says which part fails and never why in the
 * driver's words: the answer goes to whoever asks, and the reason goes to the log.
 */
import type { z } from 'zod';
import type { ReadinessChecks as ReadinessChecksSchema } from '../../contract/health.ts';
import type { Logger } from '../../logger.ts';
import type { ReadinessPart } from '../../observability/readiness.ts';
import type { HealthRepository } from './health.repository.ts';

export type ReadinessChecks = z.infer<typeof ReadinessChecksSchema>;

export interface ReadinessOutcome {
  checks: ReadinessChecks;
  /** The parts failing, in a fixed order; empty when ready. */
  failing: ReadinessPart[];
}

/**
 * A load balancer's probe gives up after a few seconds (AWS ALB 5 s, Kubernetes 1 s by default); a
 * read that takes longer than this counts as failing rather than leaving the probe to time out.
 */
export const DATABASE_READ_LIMIT_MS = 2_000;

class ReadTimeout extends Error {}

export async function checkReadiness(
  health: HealthRepository,
  engine: { readonly isReady: boolean },
  logger: Logger,
  limitMs = DATABASE_READ_LIMIT_MS,
): Promise<ReadinessOutcome> {
  let applied: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new ReadTimeout(`no answer in ${limitMs} ms`)), limitMs)));
    applied = await Promise.race([health.appliedMigrations(), limit]);
  } catch (error) {
    logger.warn({ err: error }, 'readiness check: the database could not be read');
  } finally {
    clearTimeout(timer);
  }
  const bundled = health.bundledMigrations;
  const checks: ReadinessChecks = {
    database: applied === undefined ? 'unreadable' : 'ok',
    engine: engine.isReady ? 'ok' : 'down',
    migrations: applied === undefined ? 'unknown' : applied < bundled ? 'behind' : applied > bundled ? 'ahead' : 'ok',
  };
  const failing: ReadinessPart[] = [];
  if (checks.database !== 'ok') failing.push('database');
  if (checks.engine !== 'ok') failing.push('engine');
  if (checks.migrations !== 'ok' && checks.migrations !== 'unknown') failing.push('migrations');
  return { checks, failing };
}
