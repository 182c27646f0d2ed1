import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../test-support.ts';
import { DEMO_HISTORY_KEPT, DEMO_IDLE_MS } from './demo-session.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { engineWorkers: 1 } });
});
afterAll(() => app.close());

const sign = (agent: ReturnType<typeof request.agent>, message: string) => agent.post('/api/demo/dilion/sign').set('Origin', TEST_ORIGIN).send({ message });
const rowsOf = (sid: string) => app.database.sqlite.prepare('SELECT count(*) AS n FROM crypto_operations WHERE demo_session_id = ?').get(sid) as { n: number };
const sessionRow = (sid: string) => app.database.sqlite.prepare('SELECT expires_at AS expiresAt, user_id AS userId FROM sessions WHERE sid = ?').get(sid) as { expiresAt: number; userId: string | null };
const sidOf = (res: request.Response) => decodeURIComponent(/pq\.sid=s%3A([^.;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '');

/** A browser's demo session, as the web app starts it before its first demo call. */
async function browser() {
  const agent = request.agent(app.app);
  const started = await agent.post('/api/demo/session').set('Origin', TEST_ORIGIN);
  expect(started.status).toBe(204);
  return { agent, sid: sidOf(started) };
}

describe('an anonymous demo session', () => {
  it(`keeps only its last ${DEMO_HISTORY_KEPT} operations`, async () => {
    const { agent: visitor, sid } = await browser();
    expect(sid).not.toBe('');
    expect((await sign(visitor, 'call 1')).status).toBe(200);
    for (let n = 2; n <= DEMO_HISTORY_KEPT + 5; n++) expect((await sign(visitor, `call ${n}`)).status).toBe(200);
    expect(rowsOf(sid)).toEqual({ n: DEMO_HISTORY_KEPT });
    const history = (await visitor.get('/api/crypto/operations')).body as { message: string }[];
    expect(history.map((op) => op.message)).toEqual(Array.from({ length: DEMO_HISTORY_KEPT }, (_, i) => `call ${DEMO_HISTORY_KEPT + 5 - i}`));
  });

  it('ends an hour after its last demo call, not after the 7 days of a signed-in session', async () => {
    const before = Date.now();
    const { agent: visitor, sid } = await browser();
    expect((await sign(visitor, 'idle clock')).status).toBe(200);
    const { expiresAt } = sessionRow(sid);
    expect(expiresAt).toBeGreaterThanOrEqual(before + DEMO_IDLE_MS - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + DEMO_IDLE_MS + 1000);
  });

  it("keeps a signed-in visitor's demo operations, which belong to the account, and its session's lifetime", async () => {
    const { agent, user } = await signUp(app);
    for (let n = 1; n <= DEMO_HISTORY_KEPT + 2; n++) expect((await sign(agent, `mine ${n}`)).status).toBe(200);
    const count = app.database.sqlite.prepare("SELECT count(*) AS n FROM crypto_operations WHERE user_id = ? AND channel = 'demo'").get(user.id) as { n: number };
    expect(count.n).toBe(DEMO_HISTORY_KEPT + 2);
    const session = app.database.sqlite.prepare('SELECT max(expires_at) AS expiresAt FROM sessions WHERE user_id = ?').get(user.id) as { expiresAt: number };
    expect(session.expiresAt - Date.now()).toBeGreaterThan(2 * DEMO_IDLE_MS);
  });

  it('gives a client that keeps no cookie one key and one history per address and hour, and sets no cookie', async () => {
    const calls = [];
    for (let n = 1; n <= 3; n++) calls.push(await request(app.app).post('/api/demo/dilion/sign').set('X-Forwarded-For', '203.0.113.50').send({ message: `script ${n}` }));
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200]);
    expect(calls.every((c) => c.headers['set-cookie'] === undefined)).toBe(true);
    expect(new Set(calls.map((c) => c.body.publicKey)).size).toBe(1);
    const owners = app.database.sqlite
      .prepare("SELECT DISTINCT demo_session_id AS owner FROM crypto_operations WHERE message LIKE 'script %'")
      .all() as { owner: string }[];
    expect(owners).toHaveLength(1);
    expect(owners[0]!.owner).toMatch(/^address-/);
    expect(sessionRow(owners[0]!.owner).expiresAt).toBeGreaterThan(Date.now());
    // A browser with its own session gets a key of its own.
    const { agent } = await browser();
    expect((await sign(agent, 'browser')).body.publicKey).not.toBe(calls[0]!.body.publicKey);
  });
});
