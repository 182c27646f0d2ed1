/**
 * The health check's reads on PostgreSQL (docs/decisions/050-one-storage-seam.md): one round trip
 * each, on the pool the requests use, so a pool that cannot reach the server shows here.
 */
import type { PgDb } from '../../../db/postgres/connect.ts';
import { appliedPostgresMigrations, journalLength } from '../../../db/postgres/migrate.ts';
import type { HealthRepository } from './health.repository.ts';

export class PostgresHealthRepository implements HealthRepository {
  readonly bundledMigrations = journalLength();

  constructor(private readonly db: PgDb) {}

  async ping(): Promise<boolean> {
    const { rows } = await this.db.$client.query('SELECT 1 AS one');
    return rows.length === 1;
  }

  async appliedMigrations(): Promise<number> {
    return appliedPostgresMigrations(this.db.$client);
  }
}
