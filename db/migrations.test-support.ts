/** For migration tests: the committed migrations by file name, applied one by one as drizzle's migrator splits them. */
import type Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from './connection.ts';

/** The migration files, in the order they apply. */
export const migrationFiles = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).sort();

export function applyMigration(db: Database.Database, file: string): void {
  for (const statement of readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8').split('--> statement-breakpoint')) db.exec(statement);
}

/** Every migration before the one whose file name starts with `number` (e.g. '0009'). */
export function applyMigrationsBefore(db: Database.Database, number: string): void {
  for (const file of migrationFiles.filter((f) => f < number)) applyMigration(db, file);
}
