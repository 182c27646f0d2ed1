/**
 * What the health checks (GET /api/health and /api/v1/health/ready, docs/api.md §10) ask of storage
 * (docs/decisions/050-one-storage-seam.md): whether the database answers, and how its applied
 * migrations compare with the ones this build ships.
 */
export interface HealthRepository {
  /** True when the database answers a query; rejects when it cannot be reached. */
  ping(): Promise<boolean>;
  /** How many migrations the database has applied: a read of its migrations table; rejects when it cannot be read. */
  appliedMigrations(): Promise<number>;
  /** How many migrations this build ships (read once). */
  readonly bundledMigrations: number;
}
