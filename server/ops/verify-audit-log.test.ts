/**
 * `verify-audit-log` on SQLite and PostgreSQL, beside a running server: it passes the chains the
 * server wrote with their counts (all accounts, or one), and exits 1 naming the first event that
 * was removed, altered or reordered; `plan` records the operator's change in the account's log.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { numberedPlaceholders } from '../../db/storage.test-support.ts';
import { openPostgres } from '../../db/postgres/connect.ts';
import { usePostgres } from '../../db/postgres/test-server.ts';
import { createApp, type AppInstance } from '../app.ts';
import { signUp, TEST_ORIGIN } from '../test-support.ts';
import { runCommand } from './cli.ts';
import { openApp, output, postgresConfig, removeTempDirs, tempDir } from './test-support.ts';

const server = usePostgres();

interface Target {
  app: AppInstance;
  env: NodeJS.ProcessEnv;
  sql(statement: string, ...params: unknown[]): Promise<void>;
  close(): Promise<void>;
}

async function onSqlite(): Promise<Target> {
  const app = await openApp({ payments: { mode: 'off', paypal: null, unsafeLocal: false } });
  return { app, env: { DATA_DIR: app.dir }, sql: async (statement, ...params) => void app.database.sqlite.prepare(statement).run(...params), close: () => app.close() };
}

async function onPostgres(): Promise<Target> {
  const url = await server.createDatabase();
  const dir = tempDir();
  const app = await createApp({ config: postgresConfig(url, dir) });
  const database = await openPostgres(url, { max: 1 });
  return {
    app, env: { DATABASE_URL: url, DATA_DIR: dir },
    sql: async (statement, ...params) => void (await database.pool.query(numberedPlaceholders(statement), params)),
    close: async () => {
      await database.close();
      await app.close();
    },
  };
}

const engines = [{ name: 'sqlite', open: onSqlite }, ...(server.available ? [{ name: 'postgres', open: onPostgres }] : [])];

afterAll(() => removeTempDirs());

async function run(target: Target, ...argv: string[]) {
  const out = output();
  const err = output();
  const code = await runCommand(argv, { env: { PAYMENTS: 'off', NODE_ENV: 'production', ...target.env }, out: out.out, err: err.out });
  return { code, out: out.text(), err: err.text() };
}

/** Two accounts with a few events each: sign-in, three API keys created, one deleted. */
async function withEvents(target: Target) {
  const accounts = [];
  for (let n = 0; n < 2; n++) {
    const who = await signUp(target.app);
    for (let i = 0; i < 3; i++) await who.agent.post('/api/keys').set('Origin', TEST_ORIGIN).send({ keyName: `k${i}` });
    accounts.push(who);
  }
  return accounts;
}

describe.each(engines)('verify-audit-log on $name', ({ open }) => {
  it('passes intact chains with their counts, for every account or one; plan records the operator', { timeout: 60_000 }, async () => {
    const target = await open();
    try {
      const [alice, bob] = await withEvents(target);
      const all = await run(target, 'verify-audit-log');
      expect(all).toMatchObject({ code: 0, err: '', out: expect.stringMatching(/^audit log intact: 8 events in 2 accounts; heads digest [0-9a-f]{64}$/) });
      expect(await run(target, 'verify-audit-log', '--account', bob!.user.id)).toMatchObject({ code: 0, out: expect.stringMatching(/^audit log intact: 4 events in 1 account;/) });
      expect(await run(target, 'plan', alice!.email, 'pro')).toMatchObject({ code: 0 });
      const [latest] = (await alice!.agent.get('/api/v1/audit-events?limit=1')).body;
      expect(latest).toMatchObject({ seq: 5, type: 'plan.set_by_operator', actor: { kind: 'operator', apiKey: null }, clientAddress: null, details: { plan: 'pro', expiresAt: null } });
      expect(await run(target, 'verify-audit-log')).toMatchObject({ code: 0, out: expect.stringMatching(/^audit log intact: 9 events/) });
    } finally {
      await target.close();
    }
  });

  it('exits 1 naming an altered event, a removed one, and the first of two that swapped places', { timeout: 60_000 }, async () => {
    const target = await open();
    try {
      const [alice, bob] = await withEvents(target);
      await target.sql("UPDATE audit_events SET details = '{\"keyName\":\"x\"}' WHERE user_id = ? AND seq = 3", alice!.user.id);
      expect(await run(target, 'verify-audit-log')).toMatchObject({ code: 1, out: '', err: expect.stringMatching(new RegExp(`^audit log broken: account ${alice!.user.id}, seq 3, row \\d+: the event was altered`)) });
      expect(await run(target, 'verify-audit-log', '--account', bob!.user.id)).toMatchObject({ code: 0 });

      await target.sql('DELETE FROM audit_events WHERE user_id = ? AND seq = 2', bob!.user.id);
      expect(await run(target, 'verify-audit-log', '--account', bob!.user.id)).toMatchObject({ code: 1, err: expect.stringMatching(new RegExp(`^audit log broken: account ${bob!.user.id}: event 2 was removed`)) });

      const carol = await signUp(target.app);
      for (let i = 0; i < 2; i++) await carol.agent.post('/api/keys').set('Origin', TEST_ORIGIN).send({ keyName: `k${i}` });
      // Seqs 2 and 3 trade places: each row takes the other's seq, links and hash, as a reordering would.
      await target.sql('UPDATE audit_events SET seq = -seq WHERE user_id = ? AND seq IN (2, 3)', carol.user.id);
      await target.sql('UPDATE audit_events SET seq = 5 - (-seq) WHERE user_id = ? AND seq < 0', carol.user.id);
      expect(await run(target, 'verify-audit-log', '--account', carol.user.id)).toMatchObject({ code: 1, err: expect.stringMatching(new RegExp(`^audit log broken: account ${carol.user.id}, seq 2, row \\d+: the event was altered`)) });
    } finally {
      await target.close();
    }
  });
});
