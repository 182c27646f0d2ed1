/**
 * The audit log's plan and data events (docs/decisions/055-audit-log.md): a plan bought through the
 * local PayPal sandbox, a plan that ran out moved back by metering, the export, and deleting the
 * account, whose log goes with it when the purge removes the row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../../test-support.ts';
import { buy, customer, startPaymentsApp, type PaymentsApp } from '../payments/payments.test-support.ts';

let clock = Date.now();
let p: PaymentsApp;
beforeAll(async () => {
  p = await startPaymentsApp(() => new Date(clock));
});
afterAll(() => p.close());

type Listed = { seq: number; type: string; actor: { kind: string }; subject: string | null; details: Record<string, unknown> };
const events = async (who: Awaited<ReturnType<typeof customer>>) => (await who.agent.get('/api/v1/audit-events')).body as Listed[];

describe('plan and data events in the audit log', () => {
  it('records the plan bought (the capture), then the plan ended when metering moves it past its end', async () => {
    const who = await customer(p);
    await buy(p, who, 'starter');
    const bought = (await events(who)).find((e) => e.type === 'plan.purchased')!;
    expect(bought).toMatchObject({ actor: { kind: 'system' }, details: { plan: 'starter', amountCents: expect.any(Number), planKeyId: expect.any(Number) } });
    const ends = Date.parse(bought.details.expiresAt as string);
    clock = ends + 1000;
    expect((await who.agent.get('/api/usage')).body).toMatchObject({ currentPlan: 'free' });
    const [ended] = await events(who);
    expect(ended).toMatchObject({ type: 'plan.expired', actor: { kind: 'system' }, details: { plan: 'starter', expiredAt: new Date(ends).toISOString(), now: 'free', nowExpiresAt: null } });
    expect((await who.agent.get('/api/usage')).status).toBe(200);
    expect((await events(who)).filter((e) => e.type === 'plan.expired')).toHaveLength(1);
    clock = Date.now();
  });

  it('records the export, then the deletion; the purge removes the account’s log and anchor with its row', async () => {
    const who = await customer(p);
    const exported = await who.agent.get('/api/account/export');
    expect(exported.status).toBe(200);
    expect((await events(who))[0]).toMatchObject({ type: 'account.data_exported', actor: { kind: 'account' } });
    const audit = p.app.context.storage.audit;
    expect(await audit.accountsWithEvents()).toContain(who.user.id);
    const deleted = await who.agent.post('/api/account/delete').set('Origin', TEST_ORIGIN).send({ password: 'correct horse battery', confirm: 'delete my account' });
    expect(deleted.status).toBe(204);
    await p.app.context.accountDeletion.purge(who.user.id);
    expect(await audit.accountsWithEvents()).not.toContain(who.user.id);
    expect(p.app.database.sqlite.prepare('SELECT count(*) AS n FROM audit_events WHERE user_id = ?').get(who.user.id)).toEqual({ n: 0 });
  });
});
