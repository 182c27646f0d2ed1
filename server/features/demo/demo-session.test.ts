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
const rowsOf = (sid: string) => app.context.database.sqlite.prepare('SELECT count(*) AS n FROM crypto_operations WHERE demo_session_id = ?').get(sid) as { n: number };
const sessionRow = (sid: string) => app.context.database.sqlite.prepare('SELECT expires_at AS expiresAt, user_id AS userId FROM sessions WHERE sid = ?').get(sid) as { expiresAt: number; userId: string | null };
const sidOf = (res: request.Response) => decodeURIComponent(/pq\.sid=s%3A([^.;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '');

describe('an anonymous demo session', () => {
  it(`keeps only its last ${DEMO_HISTORY_KEPT} operations`, async () => {
    const visitor = request.agent(app.app);
    const first = await sign(visitor, 'call 1');
    expect(first.status).toBe(200);
    const sid = sidOf(first);
    expect(sid).not.toBe('');
    for (let n = 2; n <= DEMO_HISTORY_KEPT + 5; n++) expect((await sign(visitor, `call ${n}`)).status).toBe(200);
    expect(rowsOf(sid)).toEqual({ n: DEMO_HISTORY_KEPT });
    const history = (await visitor.get('/api/crypto/operations')).body as { message: string }[];
    expect(history.map((op) => op.message)).toEqual(Array.from({ length: DEMO_HISTORY_KEPT }, (_, i) => `call ${DEMO_HISTORY_KEPT + 5 - i}`));
  });

  it('ends an hour after its last demo call, not after the 7 days of a signed-in session', async () => {
    const visitor = request.agent(app.app);
    const before = Date.now();
    const sid = sidOf(await sign(visitor, 'idle clock'));
    const { expiresAt } = sessionRow(sid);
    expect(expiresAt).toBeGreaterThanOrEqual(before + DEMO_IDLE_MS - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + DEMO_IDLE_MS + 1000);
  });

  it("keeps a signed-in visitor's demo operations, which belong to the account, and its session's lifetime", async () => {
    const { agent, user } = await signUp(app);
    for (let n = 1; n <= DEMO_HISTORY_KEPT + 2; n++) expect((await sign(agent, `mine ${n}`)).status).toBe(200);
    const count = app.context.database.sqlite.prepare("SELECT count(*) AS n FROM crypto_operations WHERE user_id = ? AND channel = 'demo'").get(user.id) as { n: number };
    expect(count.n).toBe(DEMO_HISTORY_KEPT + 2);
    const session = app.context.database.sqlite.prepare('SELECT max(expires_at) AS expiresAt FROM sessions WHERE user_id = ?').get(user.id) as { expiresAt: number };
    expect(session.expiresAt - Date.now()).toBeGreaterThan(2 * DEMO_IDLE_MS);
  });
});
