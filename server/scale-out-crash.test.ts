/**
 * Crash safety across two instances on one PostgreSQL database (docs/decisions/028-answered-means-recorded.md,
 * docs/decisions/050-one-storage-seam.md): the two-instance counterpart of server/crash-safety.test.ts.
 * Eight clients of one Unlimited account sign with an Idempotency-Key each, half through A and half
 * through B; A is killed with SIGKILL under load, and its clients move to B and retry the call they
 * had in flight with its key. B answers throughout; every answered call is recorded once and
 * charged once; each retried call of A is answered once and charged once; and once A's lease has
 * run out, B's heartbeat has swept A's holds.
 */
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../db/postgres/connect.ts';
import { usePostgres } from '../db/postgres/test-server.ts';
import { PostgresAccountPlansRepository } from './features/payments/account-plans.postgres.ts';
import { LEASE_MS } from './app-storage.ts';
import { sign, signUp, startInstances, stopInstance, type Customer, type Instance, queryDatabase } from './instances.test-support.ts';

const server = usePostgres();
const CLIENTS = 8;
/**
 * How long a retry of A's in-flight call may meet 409 idempotency_in_progress: until A's lease runs
 * out and B's next heartbeat sweeps A's holds (docs/decisions/050), with 10 s to spare; well under
 * the minute after which any running record counts as dead.
 */
const RETRY_WINDOW_MS = LEASE_MS + LEASE_MS / 3 + 10_000;

/** The operator's Unlimited plan, granted as the `plan` command grants it: no call is refused for its count. */
async function grantUnlimited(url: string, userId: string): Promise<void> {
  const database = await openPostgres(url, { max: 1 });
  try {
    await new PostgresAccountPlansRepository(database.db).setOperatorPlan({ userId, grant: { tier: 'unlimited', expiresAt: null }, now: new Date() });
  } finally {
    await database.close();
  }
}

async function keepTexts(instance: Instance, customer: Customer): Promise<void> {
  const res = await fetch(`${instance.base}/api/account/data`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie: customer.cookie },
    body: JSON.stringify({ historyKeeps: 'text' }),
  });
  if (!res.ok) throw new Error(`historyKeeps: ${res.status} ${await res.text()}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!server.available)('two instances, one killed under load', () => {
  it('keeps every answered call recorded and charged once, and answers the killed instance’s in-flight calls once on the other', { timeout: 150_000 }, async () => {
    const url = await server.createDatabase();
    const [a, b] = (await startInstances(2, { databaseUrl: url })) as [Instance, Instance];
    const customer = await signUp('crash@example.com', { register: a, signIn: b, reveal: a });
    await grantUnlimited(url, customer.userId);
    await keepTexts(b, customer);
    const leases = await queryDatabase<{ id: string }>(url, 'SELECT id FROM instance_leases');
    const leaseOfA = leases.find((l) => l.id.includes(`-${a.child.pid}-`))!.id;

    /** Each answered call's message, and the instance that answered it. */
    const answered = new Map<string, 'A' | 'B'>();
    /** A's calls that were in flight when it died, answered by B on retry (after how many 409s, shown when a check fails). */
    const retried: { message: string; conflicts: number }[] = [];
    /** Any answer but 200 (from A before it died, from B at any time), and a retry still refused after the window. */
    const failures: string[] = [];
    const killAfter = 20 + Math.floor(Math.random() * 30);
    let killed = false;
    let retriesLeft = CLIENTS / 2;

    const retryOnB = async (message: string) => {
      const deadline = Date.now() + RETRY_WINDOW_MS;
      let conflicts = 0;
      for (;;) {
        const res = await sign(b, customer, message, { 'idempotency-key': message });
        if (res.status === 200) {
          answered.set(message, 'B');
          retried.push({ message, conflicts });
          return;
        }
        // A's record of the call stays "running" until A's lease runs out.
        if (res.status === 409 && res.body?.code === 'idempotency_in_progress' && Date.now() < deadline) {
          conflicts++;
          await sleep(500);
          continue;
        }
        failures.push(`retry of ${message}: ${res.status} ${JSON.stringify(res.body)}`);
        return;
      }
    };

    const client = async (c: number) => {
      let on = c % 2 === 0 ? a : b;
      // The clients keep B busy until every client of A has had its in-flight call answered.
      for (let n = 0; retriesLeft > 0 && failures.length === 0; n++) {
        const message = `client${c}-call${n}`;
        const res = await sign(on, customer, message, { 'idempotency-key': message });
        if (res.status === 200) answered.set(message, on === a ? 'A' : 'B');
        else if (on === a && killed && res.status === 0) {
          on = b;
          await retryOnB(message);
          retriesLeft--;
        } else failures.push(`${on === a ? 'A' : 'B'} answered ${message} with ${res.status} ${JSON.stringify(res.body)}`);
        if (!killed && answered.size >= killAfter) {
          killed = true;
          a.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    await stopInstance(a, 'SIGKILL');

    expect(failures).toEqual([]);
    expect(retried).toHaveLength(CLIENTS / 2);
    expect([...answered.values()].filter((on) => on === 'A').length).toBeGreaterThan(0);

    const records = await queryDatabase<{ message: string; n: number }>(
      url,
      "SELECT message, count(*)::int AS n FROM crypto_operations WHERE user_id = $1 AND channel = 'api' GROUP BY message",
      customer.userId,
    );
    const recorded = new Map(records.map((r) => [r.message, r.n]));
    for (const message of answered.keys()) expect(recorded.get(message), `${message} was answered`).toBe(1);
    // A call A recorded but whose answer died with it is in the history once, like any other.
    expect(records.filter((r) => r.n !== 1)).toEqual([]);
    const [usage] = await queryDatabase<{ n: number }>(url, 'SELECT api_usage_count AS n FROM users WHERE id = $1', customer.userId);
    expect(usage!.n).toBe(records.length);

    // A retry after the record's commit is a replay: still one record, one charge.
    for (const { message } of retried) {
      const again = await sign(b, customer, message, { 'idempotency-key': message });
      expect(again.status, message).toBe(200);
    }
    const [after] = await queryDatabase<{ n: number }>(url, 'SELECT api_usage_count AS n FROM users WHERE id = $1', customer.userId);
    expect(after!.n).toBe(records.length);

    // A's lease runs out and B's heartbeat sweeps what A held.
    const sweptBy = Date.now() + LEASE_MS + 2 * (LEASE_MS / 3) + 5_000;
    let left: { holds: number; lease: number } = { holds: -1, lease: -1 };
    while (Date.now() < sweptBy) {
      [left] = await queryDatabase<{ holds: number; lease: number }>(
        url,
        'SELECT (SELECT count(*)::int FROM metering_holds WHERE instance_id = $1) AS holds, (SELECT count(*)::int FROM instance_leases WHERE id = $1) AS lease',
        leaseOfA,
      );
      if (left.holds === 0 && left.lease === 0) break;
      await sleep(1_000);
    }
    expect(left).toEqual({ holds: 0, lease: 0 });
    expect(await queryDatabase(url, "SELECT key FROM idempotency_records WHERE state = 'pending'")).toEqual([]);
    // B served on, and its lease is still there.
    expect((await fetch(`${b.base}/api/health`)).ok).toBe(true);
  });
});
