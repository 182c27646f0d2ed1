/**
 * The operations commands when DATABASE_URL names a PostgreSQL server: migrate applies
 * db/postgres/migrations once and then finds the database up to date; plan sets and reads an
 * account's plan beside a running instance; config names the server and not its password; the
 * commands built on SQLite's file refuse and name PostgreSQL's own tool; a server that cannot be
 * reached stops the command with one line. (rotate-master-key: rotate-master-key.postgres.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { journalLength } from '../../db/postgres/migrate.ts';
import { usePostgres } from '../../db/postgres/test-server.ts';
import { createApp, type AppInstance } from '../app.ts';
import { signUp } from '../test-support.ts';
import { runCommand } from './cli.ts';
import { output, postgresConfig, removeTempDirs, tempDir } from './test-support.ts';

const server = usePostgres();

async function run(argv: string[], env: NodeJS.ProcessEnv) {
  const out = output();
  const err = output();
  const code = await runCommand(argv, { env: { DATA_DIR: tempDir(), PAYMENTS: 'off', ...env }, out: out.out, err: err.out });
  return { code, out: out.text(), err: err.text() };
}

let running: AppInstance | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
  removeTempDirs();
});

describe.skipIf(!server.available)('operations commands on PostgreSQL', () => {
  it('migrates an empty database, then finds it up to date', async () => {
    const url = await server.createDatabase();
    const first = await run(['migrate'], { DATABASE_URL: url });
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(new RegExp(`: applied ${journalLength()} migrations \\(${journalLength()} in all\\)$`));
    expect(await run(['migrate'], { DATABASE_URL: url })).toMatchObject({ code: 0, out: expect.stringMatching(/: up to date \(\d+ migrations\)$/) });
  });

  it('plan sets an account’s plan beside a running instance, which meters by it, and prints it', { timeout: 60_000 }, async () => {
    const url = await server.createDatabase();
    const dir = tempDir();
    running = await createApp({ config: postgresConfig(url, dir) });
    const { agent, email } = await signUp(running);
    const plan = (...argv: string[]) => run(['plan', ...argv], { DATABASE_URL: url, DATA_DIR: dir });

    expect(await plan(email)).toEqual({ code: 0, out: `${email}: Free`, err: '' });
    expect(await plan(email.toUpperCase(), 'pro')).toEqual({ code: 0, out: `${email}: Pro with no end (set by the operator)`, err: '' });
    expect((await agent.get('/api/usage')).body).toMatchObject({ currentPlan: 'pro', planLimit: 100_000 });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const until = new Date(Date.parse(tomorrow) + 86_400_000).toISOString();
    expect((await plan(email, 'unlimited', '--until', tomorrow)).out).toBe(`${email}: Unlimited until ${until} (set by the operator)`);
    expect((await agent.get('/api/usage')).body).toMatchObject({ currentPlan: 'unlimited', planLimit: null });
    expect((await plan(email)).out).toBe(`${email}: Unlimited until ${until} (set by the operator)`);
    expect(await plan('nobody@example.com', 'pro')).toMatchObject({ code: 1, err: 'No account has the email nobody@example.com.' });
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

describe('config on PostgreSQL', () => {
  it('names the database by its engine and server, user, port and database, without the password', async () => {
    const shown = await run(['config'], { DATABASE_URL: 'postgres://pq:hunter2@db.internal:6432/pq' });
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.out).database).toEqual({ engine: 'postgres', server: 'postgres://pq@db.internal:6432/pq' });
    expect(shown.out).not.toContain('hunter2');
  });
});
