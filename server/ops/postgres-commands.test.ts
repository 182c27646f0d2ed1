/**
 * The operations commands when DATABASE_URL names a PostgreSQL server: migrate applies
 * db/postgres/migrations once and then finds the database up to date; the commands built on
 * SQLite's file refuse and name PostgreSQL's own tool; a server that cannot be reached stops the
 * command with one line.
 */
import { describe, expect, it } from 'vitest';
import { journalLength } from '../../db/postgres/migrate.ts';
import { usePostgres } from '../../db/postgres/test-server.ts';
import { runCommand } from './cli.ts';
import { output, tempDir } from './test-support.ts';

const server = usePostgres();

async function run(argv: string[], env: NodeJS.ProcessEnv) {
  const out = output();
  const err = output();
  const code = await runCommand(argv, { env: { DATA_DIR: tempDir(), PAYMENTS: 'off', ...env }, out: out.out, err: err.out });
  return { code, out: out.text(), err: err.text() };
}

describe.skipIf(!server.available)('operations commands on PostgreSQL', () => {
  it('migrates an empty database, then finds it up to date', async () => {
    const url = await server.createDatabase();
    const first = await run(['migrate'], { DATABASE_URL: url });
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(new RegExp(`: applied ${journalLength()} migrations \\(${journalLength()} in all\\)$`));
    expect(await run(['migrate'], { DATABASE_URL: url })).toMatchObject({ code: 0, out: expect.stringMatching(/: up to date \(\d+ migrations\)$/) });
  });

  it('refuses backup, restore and copy-to-postgres, naming pg_dump and pg_restore instead', async () => {
    const url = await server.createDatabase();
    expect(await run(['backup', '/tmp/x.db'], { DATABASE_URL: url })).toMatchObject({ code: 1, err: expect.stringMatching(/^backup works on a SQLite file.*pg_dump/) });
    expect(await run(['restore', '/tmp/x.db'], { DATABASE_URL: url })).toMatchObject({ code: 1, err: expect.stringMatching(/^restore works on a SQLite file.*pg_restore/) });
    expect(await run(['copy-to-postgres', url], { DATABASE_URL: url })).toMatchObject({ code: 1, err: expect.stringMatching(/^copy-to-postgres works on a SQLite file/) });
  });
});

describe('operations commands and an unreachable PostgreSQL server', () => {
  it('stop migrate with one line naming the server and not the password', async () => {
    const result = await run(['migrate'], { DATABASE_URL: 'postgres://pq:hunter2@127.0.0.1:1/pq' });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^Cannot reach postgres:\/\/pq@127\.0\.0\.1:1\/pq \(ECONNREFUSED\)/);
    expect(result.err).not.toContain('hunter2');
    expect(result.err.split('\n')).toHaveLength(1);
  });
});
