/**
 * rotate-master-key on PostgreSQL (server/ops/rotation-database.postgres.ts): every sealed value
 * made by a real app on the database opens through the services under the new key; the command
 * refuses while an instance's lease runs, while another rotation runs, and with a current key
 * that does not open the values, changing nothing; the key file's two phases are SQLite's.
 */
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MASTER_KEY_ROTATION_LOCK } from '../../db/postgres/advisory-locks.ts';
import { openPostgres, type PostgresDatabase } from '../../db/postgres/connect.ts';
import { usePostgres } from '../../db/postgres/test-server.ts';
import { createApp, type AppInstance } from '../app.ts';
import type { Config } from '../config.ts';
import { runCommand } from './cli.ts';
import { rotateMasterKey } from './rotate-master-key.ts';
import { SEALED_COLUMNS } from './sealed-values.ts';
import { resealAllPostgres } from './sealed-values.postgres.ts';
import { CommitOutcomeUnknown } from './rotation-database.ts';
import { resealInOneTransaction } from './rotation-database.postgres.ts';
import { expectServicesOpen, SEALED_REPORT, sealEverything, sqlOnPostgres, type Sealed } from './sealed-values.test-support.ts';
import { output, postgresConfig, removeTempDirs, tempDir } from './test-support.ts';

const server = usePostgres();
const K1 = Buffer.alloc(32, 1).toString('base64');
const K2 = Buffer.alloc(32, 2).toString('base64');

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
  removeTempDirs();
});

async function app(config: Config): Promise<AppInstance> {
  const instance = await createApp({ config });
  open.push(instance);
  return instance;
}

async function pool(url: string): Promise<PostgresDatabase> {
  const database = await openPostgres(url, { max: 2 });
  open.push(database);
  return database;
}

/** A database whose values an app with `env`'s key sealed; the app is closed (its lease given back). */
async function sealedDatabase(env: NodeJS.ProcessEnv = { MASTER_KEY: K1 }) {
  const url = await server.createDatabase();
  const dir = tempDir();
  const config = postgresConfig(url, dir, env);
  const first = await createApp({ config });
  const database = await pool(url);
  let sealed: Sealed;
  try {
    sealed = await sealEverything(first, sqlOnPostgres(database.pool));
  } finally {
    await first.close();
  }
  return { url, dir, config, database, sealed };
}

/** Every sealed value as stored, and the rows a rotation removes: what "changes nothing" compares. */
async function stored(database: PostgresDatabase) {
  const values = [];
  for (const c of SEALED_COLUMNS) values.push((await database.pool.query(`SELECT id, ${c.column} AS v FROM ${c.table} WHERE ${c.column} IS NOT NULL ORDER BY id`)).rows);
  const count = async (table: string) => (await database.pool.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n;
  return { values, idempotency: await count('idempotency_records'), sessions: await count('sessions') };
}

/** The command as an operator runs it: DATABASE_URL and the data folder from the environment. */
async function rotate(url: string, dir: string, env: NodeJS.ProcessEnv, ...argv: string[]) {
  const out = output();
  const err = output();
  const code = await runCommand(['rotate-master-key', ...argv], { env: { DATABASE_URL: url, DATA_DIR: dir, PAYMENTS: 'off', ...env }, out: out.out, err: err.out });
  return { code, out: out.text(), err: err.text() };
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; !(await condition()); waited += 50) {
    if (waited > 20_000) throw new Error('the condition did not come true in 20 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function keyFile(dir: string, key: string): string {
  const file = join(dir, 'next.key');
  writeFileSync(file, key);
  return file;
}

describe.skipIf(!server.available)('rotate-master-key on PostgreSQL', () => {
  it('re-seals every sealed value so the services open them under the new key, removes idempotency records and sessions, and the old key no longer starts', { timeout: 60_000 }, async () => {
    const { url, dir, config, database, sealed } = await sealedDatabase();
    const before = await stored(database);
    expect(before.idempotency).toBe(1);
    expect(before.sessions).toBeGreaterThan(0);

    const rotated = await rotate(url, dir, { MASTER_KEY: K1 }, '--new-key-file', keyFile(dir, K2));
    expect(rotated).toMatchObject({ code: 0, err: '' });
    expect(rotated.out).toContain(`Re-sealed under the new master key: ${SEALED_REPORT}.`);
    expect(rotated.out).toContain(`Removed 1 idempotency records and ${before.sessions} sessions`);
    expect(rotated.out).toMatch(/Set MASTER_KEY to the key in .*next\.key/);
    expect(await stored(database)).toMatchObject({ idempotency: 0, sessions: 0 });

    await expectServicesOpen(await app({ ...config, masterKey: K2 }), sealed);
    await expect(createApp({ config })).rejects.toThrow(/does not open the secrets sealed in this PostgreSQL database/);
  });

  it('refuses while an instance’s lease runs, changing nothing; once it stops (or its lease has lapsed) the rotation runs', { timeout: 60_000 }, async () => {
    const { url, dir, config, database } = await sealedDatabase();
    const running = await createApp({ config });
    const before = await stored(database);
    const refused = await rotate(url, dir, { MASTER_KEY: K1 }, '--new-key-file', keyFile(dir, K2));
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^rotate-master-key refused: 1 server instance runs on postgres:\/\/.* Stop every instance first/);
    expect(await stored(database)).toEqual(before);
    await running.close();

    // A lease an instance that crashed left behind, already run out, does not hold the rotation up.
    await database.pool.query("INSERT INTO instance_leases (id, expires_at) VALUES ('crashed', 1)");
    expect(await rotate(url, dir, { MASTER_KEY: K1 }, '--new-key-file', keyFile(dir, K2))).toMatchObject({ code: 0 });
  });

  it('an instance starting during a rotation waits for its commit to register, then finds its old key does not open the values', { timeout: 60_000 }, async () => {
    const { config, database } = await sealedDatabase();
    // The rotation's transaction (rotation-database.postgres.ts), held open while the instance starts.
    const rotation = await database.pool.connect();
    let outcome: Promise<AppInstance | Error> | undefined;
    try {
      await rotation.query('BEGIN');
      await rotation.query('LOCK TABLE instance_leases IN SHARE ROW EXCLUSIVE MODE');
      await resealAllPostgres(rotation, Buffer.alloc(32, 1), Buffer.alloc(32, 2));
      outcome = createApp({ config }).catch((error: Error) => error);
      await until(async () => (await database.pool.query<{ n: number }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows[0]!.n > 0);
      await rotation.query('COMMIT');
    } finally {
      rotation.release();
    }
    const started = await outcome;
    if (!(started instanceof Error)) open.push(started);
    expect(started).toBeInstanceOf(Error);
    expect((started as Error).message).toMatch(/does not open the secrets sealed in this PostgreSQL database/);
    expect((await database.pool.query<{ n: number }>('SELECT count(*) AS n FROM instance_leases')).rows[0]!.n).toBe(0);
  });

  it('refuses while another rotation holds its lock, changing nothing', { timeout: 60_000 }, async () => {
    const { url, dir, database } = await sealedDatabase();
    const before = await stored(database);
    const other = await database.pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1::bigint)', [MASTER_KEY_ROTATION_LOCK.toString()]);
      const refused = await rotate(url, dir, { MASTER_KEY: K1 }, '--new-key-file', keyFile(dir, K2));
      expect(refused).toMatchObject({ code: 1, err: expect.stringMatching(/^rotate-master-key refused: another rotate-master-key is running on postgres:\/\//) });
    } finally {
      other.release(true);
    }
    expect(await stored(database)).toEqual(before);
  });

  it('refuses a current key that does not open the sealed values, changing nothing', { timeout: 60_000 }, async () => {
    const { url, dir, config, database, sealed } = await sealedDatabase();
    const before = await stored(database);
    const wrong = Buffer.alloc(32, 3).toString('base64');
    const refused = await rotate(url, dir, { MASTER_KEY: wrong }, '--new-key-file', keyFile(dir, K2));
    expect(refused).toMatchObject({ code: 1, err: expect.stringMatching(/does not open with the current master key; nothing was changed\.$/) });
    expect(await stored(database)).toEqual(before);
    // The values still open with the key they were sealed with.
    const still = await app(config);
    const seed = (await still.context.keyMaterials.forKey({ userId: sealed.userId }, sealed.signingKey.id, { version: 1 })).seed();
    expect(Buffer.from(seed).toString('hex')).toBe(sealed.signingSeed);
  });

  it('with the key in a file, a commit the server refuses leaves the key file and the values as they were', { timeout: 60_000 }, async () => {
    const { url, dir, config, database } = await sealedDatabase({});
    const key = readFileSync(config.masterKeyFile, 'utf8');
    const before = await stored(database);
    // A deferred check fails at COMMIT, after the new key file was written.
    await database.pool.query("CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused at commit'; END $$");
    await database.pool.query('CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER UPDATE ON signing_keys DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse()');
    expect(await rotate(url, dir, {})).toMatchObject({ code: 1, err: expect.stringMatching(/^rotate-master-key failed on postgres:.* \(refused at commit\); nothing was changed\.$/) });
    expect(readFileSync(config.masterKeyFile, 'utf8')).toBe(key);
    expect(existsSync(`${config.masterKeyFile}.new`)).toBe(false);
    expect(await stored(database)).toEqual(before);
  });

  it('a commit whose answer is lost may have happened: CommitOutcomeUnknown, for the new key file to be kept', async () => {
    const { database } = await sealedDatabase();
    const real = await database.pool.connect();
    // The connection fails while COMMIT is on its way: pg rejects with no SQLSTATE.
    const lossy = {
      query: (text: string, params?: unknown[]) => (text === 'COMMIT' ? Promise.reject(new Error('Connection terminated unexpectedly')) : real.query(text, params)),
    } as unknown as pg.ClientBase;
    let written = false;
    try {
      await expect(resealInOneTransaction(lossy, 'the server', Buffer.alloc(32, 1), Buffer.alloc(32, 2), () => (written = true))).rejects.toBeInstanceOf(CommitOutcomeUnknown);
      expect(written).toBe(true);
    } finally {
      await real.query('ROLLBACK');
      real.release();
    }
  });

  it('with the key in a file: master.key.new before the commit, the swap after; an interrupted rotation is finished or discarded', { timeout: 90_000 }, async () => {
    const { url, dir, config, sealed } = await sealedDatabase({});
    const oldKey = readFileSync(config.masterKeyFile, 'utf8');
    const printed = output();
    await rotateMasterKey(config, { now: new Date('2026-11-26T12:00:00Z') }, printed.out);
    expect(printed.text()).toContain(`The old key is kept in ${join(dir, 'master.key.2026-11-26')}`);
    expect(readFileSync(join(dir, 'master.key.2026-11-26'), 'utf8')).toBe(oldKey);
    expect(existsSync(`${config.masterKeyFile}.new`)).toBe(false);
    const newKey = readFileSync(config.masterKeyFile, 'utf8');
    expect(newKey).not.toBe(oldKey);

    // The state a crash between the commit and the rename leaves: the old key file, the new key beside it.
    renameSync(config.masterKeyFile, `${config.masterKeyFile}.new`);
    writeFileSync(config.masterKeyFile, oldKey);
    const settled = await rotate(url, dir, {});
    expect(settled).toMatchObject({ code: 0, out: expect.stringMatching(/had committed/) });
    expect(readFileSync(config.masterKeyFile, 'utf8')).toBe(newKey);

    // A new key that opens nothing: that rotation never committed, so it is dropped and a new one runs.
    writeFileSync(`${config.masterKeyFile}.new`, Buffer.alloc(32, 9).toString('base64'));
    const restarted = await rotate(url, dir, {});
    expect(restarted).toMatchObject({ code: 0, out: expect.stringMatching(/did not commit[\s\S]*1 signing-key seeds/) });
    expect(readFileSync(config.masterKeyFile, 'utf8')).not.toBe(newKey);
    expect(readdirSync(dir).filter((name) => name.startsWith('master.key.20'))).toHaveLength(2);
    await expectServicesOpen(await app(config), sealed);
  });
});
