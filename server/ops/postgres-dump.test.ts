/**
 * Backup and restore of a PostgreSQL deployment with PostgreSQL's own tools, as README.md "Running
 * several instances" tells operators: a database dumped with `pg_dump -Fc` and restored with
 * `pg_restore --no-owner` into an empty one serves the same accounts, keys and history, under the
 * same master key.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { usePostgres } from '../../db/postgres/test-server.ts';
import { findPostgresBinaries } from '../../db/postgres/throwaway-cluster.ts';
import { newMasterKey, sign, signUp, startInstance, stopInstance } from '../instances.test-support.ts';

const run = promisify(execFile);
const server = usePostgres();
const bin = findPostgresBinaries();
const dir = mkdtempSync(join(tmpdir(), 'pq-pgdump-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!server.available || !bin)('a PostgreSQL deployment through pg_dump and pg_restore', () => {
  it('serves the same account, key and history from the restored database', { timeout: 120_000 }, async () => {
    const masterKey = newMasterKey();
    const original = await server.createDatabase();
    const before = await startInstance({ databaseUrl: original, masterKey });
    const customer = await signUp('dump@example.com', { register: before, signIn: before, reveal: before });
    expect((await sign(before, customer, 'before the dump')).status).toBe(200);
    await stopInstance(before);

    const dump = join(dir, 'pq.dump');
    await run(join(bin!, 'pg_dump'), ['-Fc', '-f', dump, original]);
    const restored = await server.createDatabase();
    await run(join(bin!, 'pg_restore'), ['--no-owner', '-d', restored, dump]);

    const after = await startInstance({ databaseUrl: restored, masterKey });
    // The API key made before the dump signs; the session cookie too is a row that came along.
    expect((await sign(after, customer, 'after the restore')).status).toBe(200);
    const usage = (await (await fetch(`${after.base}/api/usage`, { headers: { cookie: customer.cookie } })).json()) as { apiCallsThisMonth: number };
    expect(usage.apiCallsThisMonth).toBe(2);
    const history = (await (await fetch(`${after.base}/api/operations?limit=10`, { headers: { cookie: customer.cookie } })).json()) as unknown[];
    expect(history).toHaveLength(2);
  });
});
