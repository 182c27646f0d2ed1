/**
 * The column types that carry db/schema.ts's representation onto PostgreSQL, so a row reads as the
 * same JavaScript values on both engines and the repositories can share code (docs/decisions/047):
 *
 * - `epochMs`: times stay epoch milliseconds in a `bigint`, read and written as `Date` like SQLite's
 *   `timestamp_ms` mode. Raw SQL that compares times or does month arithmetic on plain integers
 *   runs unchanged; `timestamp with time zone` would change every such comparison.
 * - `bytea`: drizzle 0.45's pg-core has no bytea builder; node-postgres sends a Buffer as a binary
 *   parameter and reads bytea back as a Buffer.
 * - `jsonText`: JSON stays text, as in SQLite's `text({ mode: 'json' })`: the operation INSERT
 *   stores JSON it has already serialized, and `jsonb` would parse 4–5 KB per row for nothing.
 * - `int64`: every SQLite `integer` is 64-bit, so every one becomes `bigint` (PostgreSQL's `integer`
 *   is 32-bit and a counter at 2,000 calls/s passes 2³¹ in 12 days). Read as a JavaScript number:
 *   values stay far below 2⁵³, and the inferred row types stay those of the SQLite schema.
 */
import { sql } from 'drizzle-orm';
import { bigint, customType } from 'drizzle-orm/pg-core';

export const epochMs = customType<{ data: Date; driverData: string | number }>({
  dataType: () => 'bigint',
  toDriver: (value) => value.getTime(),
  // node-postgres reads int8 as a string unless the pool parses it (connect.ts does).
  fromDriver: (value) => new Date(Number(value)),
});

/** Now, in epoch milliseconds, truncated as SQLite's `cast(unixepoch('subsec') * 1000 as integer)` is. */
export const nowMs = sql`(floor(extract(epoch from now()) * 1000)::bigint)`;

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

export const jsonText = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value) as unknown,
});

export const int64 = (name: string) => bigint(name, { mode: 'number' });
