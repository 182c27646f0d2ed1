/**
 * The `copy-to-postgres` command as an operator runs it (cli.ts): a server's database, filled
 * through the API, arrives in PostgreSQL table by table (compared row by row with
 * db/postgres/copy.test-support.ts); refusals and unusable URLs are one line and exit code 1.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/postgres/connect.ts';
import { expectSameRows } from '../../db/postgres/copy.test-support.ts';
import { usePostgres } from '../../db/postgres/test-server.ts';
import { demoVisitor, signUpWithKey, TEST_ORIGIN, type TestApp } from '../test-support.ts';
import { runCommand } from './cli.ts';
import { openApp, output, removeTempDirs, tempDir } from './test-support.ts';
import { freePort } from '../../scripts/free-port.ts';

const server = usePostgres();

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  removeTempDirs();
});

/** The command on a data folder, as `npm run ops -- copy-to-postgres <url>` runs it. */
async function copy(dir: string, ...argv: string[]) {
  const out = output();
  const err = output();
  const code = await runCommand(['copy-to-postgres', ...argv], { env: { DATA_DIR: dir, PAYMENTS: 'off', NODE_ENV: 'production' }, out: out.out, err: err.out });
  return { code, out: out.text(), err: err.text() };
}

/** A loopback port nothing listens on. */

/** What a few days of a small deployment leave behind: accounts, keys, signatures, demo visits, a message. */
async function useTheServer(app: TestApp): Promise<void> {
  for (const _ of [1, 2]) {
    const who = await signUpWithKey(app);
    const headers = { 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret };
    expect((await request(app.app).post('/api/crypto/dilion/sign').set(headers).send({ message: 'héllo 😀' })).status).toBe(200);
    expect((await request(app.app).post('/api/crypto/dilion/sign').set({ ...headers, 'idempotency-key': 'retry-1' }).send({ message: 'once' })).status).toBe(200);
    expect((await request(app.app).post('/api/crypto/qes2/ecdsa/sign').set(headers).send({ message: 'c' })).status).toBe(200);
    expect((await who.agent.post('/api/signing-keys').set('Origin', TEST_ORIGIN).send({ name: 'mine', algorithm: 'QES2_Schnorr' })).status).toBe(201);
  }
  const visitor = await demoVisitor(app);
  expect((await visitor.post('/api/demo/dilion/sign').set('Origin', TEST_ORIGIN).send({ message: 'm', sid: 'svc', uid: 'ada@example.com' })).status).toBe(200);
  expect((await request(app.app).post('/api/contact').send({ name: 'Kim', email: 'kim@example.com', subject: 'integration', message: 'How do I verify in Go?' })).status).toBe(201);
}

describe('copy-to-postgres', () => {
  it('takes exactly one argument, a PostgreSQL URL, and never prints what it was given', async () => {
    const dir = tempDir();
    expect(await copy(dir)).toMatchObject({ code: 2, err: expect.stringMatching(/^copy-to-postgres takes one PostgreSQL URL/) });
    expect(await copy(dir, 'mysql://root:s3cret@db/app')).toEqual({ code: 1, out: '', err: 'copy-to-postgres takes a PostgreSQL URL: postgres://USER:PASSWORD@HOST:5432/DATABASE.' });
  });

  it('says in one line, exit code 1, that there is no database to copy', async () => {
    const dir = tempDir();
    expect(await copy(dir, 'postgres://app@127.0.0.1/app')).toEqual({ code: 1, out: '', err: `There is no database at ${dir}/app.db to copy.` });
  });

  it('says in one line, exit code 1 and without the password, that the PostgreSQL server cannot be reached', async () => {
    app = await openApp();
    await app.close();
    const result = await copy(app.dir, `postgres://app:s3cret@127.0.0.1:${await freePort()}/app`);
    app = undefined;
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toMatch(/^Cannot reach postgres:\/\/app@127\.0\.0\.1:\d+\/app \(ECONNREFUSED\): check that the server runs and the URL's host and port\.$/);
  });
});

describe.skipIf(!server.available)('copy-to-postgres against a PostgreSQL server', () => {
  it("copies a server's accounts, keys, signatures and sessions, printing each table's count and the total", async () => {
    app = await openApp();
    await useTheServer(app);
    await app.close();
    const url = await server.createDatabase();

    const result = await copy(app.dir, url);
    expect(result).toMatchObject({ code: 0, err: '' });
    const counts = await expectSameRows(app.config.databaseFile, url);
    for (const table of ['users', 'api_keys', 'crypto_operations', 'signing_keys', 'sessions', 'monthly_usage', 'idempotency_records', 'performance_totals', 'pricing_plans', 'contact_messages']) {
      expect(counts[table], table).toBeGreaterThan(0);
    }
    const lines = result.out.split('\n');
    // The server is named by user, host (a socket folder or an address) and database, whichever way the harness reached it.
    expect(lines[0].startsWith(`Copied ${app.config.databaseFile} into postgres://postgres@`)).toBe(true);
    expect(lines[0].endsWith(`${new URL(url).pathname}:`)).toBe(true);
    for (const [table, rows] of Object.entries(counts)) expect(lines, table).toContainEqual(expect.stringMatching(new RegExp(`^  ${table} +${rows}$`)));
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^  total +${total} rows$`)));
    expect(lines.at(-1)).toContain(app.config.masterKeyFile);

    // A second copy finds the target no longer empty: one line, nothing changed.
    expect(await copy(app.dir, url)).toEqual({ code: 1, out: '', err: expect.stringMatching(/^The PostgreSQL database is not empty \([a-z_]+ has rows\): copy into a new, empty database\.$/) });
    await expectSameRows(app.config.databaseFile, url);
  });

  it('refuses while a server has the database open, before touching PostgreSQL', async () => {
    app = await openApp();
    await signUpWithKey(app);
    const url = await server.createDatabase();
    const result = await copy(app.dir, url);
    expect(result).toEqual({ code: 1, out: '', err: `copy-to-postgres refused: ${app.config.databaseFile} is open in another process (a running server?). Stop the server first.` });
    const target = await openPostgres(url, { max: 1 });
    const { rows } = await target.pool.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
    await target.close();
    expect(rows).toEqual([]);
  });
});
