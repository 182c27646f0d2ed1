/**
 * drizzle-kit for the PostgreSQL schema (docs/decisions/047): from the repository root,
 * `npx drizzle-kit generate --config db/postgres/drizzle.config.ts` writes SQL migrations from
 * db/postgres/schema.ts into db/postgres/migrations. It needs no server. The SQLite schema keeps
 * its own config (drizzle.config.ts) and folder: drizzle-kit takes one dialect per config.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './db/postgres/schema.ts',
  out: './db/postgres/migrations',
});
