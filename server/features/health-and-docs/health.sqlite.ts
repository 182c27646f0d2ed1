/** The health check's reads on SQLite (docs/decisions/050-one-storage-seam.md), moved from health.routes.ts. */
import { appliedMigrations, journalLength } from '../../../db/connection.ts';
import type { Database } from '../../../db/sqlite-driver.ts';
import type { HealthRepository } from './health.repository.ts';

export class SqliteHealthRepository implements HealthRepository {
  readonly bundledMigrations = journalLength();

  constructor(private readonly sqlite: Database) {}

  async ping(): Promise<boolean> {
    return this.sqlite.prepare('SELECT 1 AS one').get() !== undefined;
  }

  async appliedMigrations(): Promise<number> {
    return appliedMigrations(this.sqlite);
  }
}
