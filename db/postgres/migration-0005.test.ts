/**
 * PostgreSQL migration 0005 (docs/decisions/056-key-versions-and-lifecycle.md) on a real server:
 * every existing key becomes version 1 of itself with its sealed seed and public key, and the
 * trigger that keeps a live account's keys (0001) still refuses their deletion.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type PostgresDatabase } from './connect.ts';
import { usePostgres } from './test-server.ts';

const server = usePostgres();
const FOLDER = join(import.meta.dirname, 'migrations');
const files = readdirSync(FOLDER).filter((f) => f.endsWith('.sql')).sort();

describe.skipIf(!server.available)('PostgreSQL migration 0005 (key versions)', () => {
  const opened: PostgresDatabase[] = [];
  afterAll(async () => {
    for (const database of opened.splice(0)) await database.close();
  });

  it('makes each key its version 1 and keeps the trigger', async () => {
    const database = await openPostgres(await server.createDatabase(), { max: 2 });
    opened.push(database);
    const apply = async (file: string) => {
      for (const statement of readFileSync(join(FOLDER, file), 'utf8').split('--> statement-breakpoint')) await database.pool.query(statement);
    };
    for (const file of files.filter((f) => f < '0005')) await apply(file);
    const q = (sql: string, params: unknown[] = []) => database.pool.query(sql, params);
    await q("INSERT INTO users (id, email) VALUES ('live', 'live@example.com')");
    await q("INSERT INTO signing_keys (id, user_id, algorithm, name, sealed_seed, public_key, created_at) VALUES ('k1', 'live', 'ML-DSA-65', 'a', 'sealed-1', 'pk-1', 1000), ('k2', NULL, 'QES2_ECDSA', 'b', 'sealed-2', 'pk-2', 2000)");

    await apply(files.find((f) => f.startsWith('0005'))!);

    const { rows } = await q('SELECT key_id, version, sealed_seed, public_key, state, created_at FROM key_versions ORDER BY key_id');
    expect(rows).toEqual([
      { key_id: 'k1', version: 1, sealed_seed: 'sealed-1', public_key: 'pk-1', state: 'enabled', created_at: 1000 },
      { key_id: 'k2', version: 1, sealed_seed: 'sealed-2', public_key: 'pk-2', state: 'enabled', created_at: 2000 },
    ]);
    expect((await q("SELECT primary_version, state, deletion_at FROM signing_keys WHERE id = 'k1'")).rows).toEqual([{ primary_version: 1, state: 'enabled', deletion_at: null }]);
    await expect(q("DELETE FROM signing_keys WHERE id = 'k1'")).rejects.toThrow(/deleted only with its account/);
    await q("UPDATE signing_keys SET sealed_seed = NULL, state = 'destroyed' WHERE id = 'k1'");
    await q("DELETE FROM signing_keys WHERE id = 'k2'");
    expect((await q("SELECT count(*)::int AS n FROM key_versions WHERE key_id = 'k2'")).rows).toEqual([{ n: 0 }]);
  });
});
