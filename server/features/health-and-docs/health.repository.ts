/**
 * What the health check (GET /api/health, docs/api.md §10) asks of storage
 * (docs/decisions/050-one-storage-seam.md): whether the database answers, and whether every
 * migration this build ships has been applied to it.
 */
export interface HealthRepository {
  /** True when the database answers a query; rejects when it cannot be reached. */
  ping(): Promise<boolean>;
  /** True when every committed migration has been applied. */
  migrationsApplied(): Promise<boolean>;
}
