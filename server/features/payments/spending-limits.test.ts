/**
 * Spending limits and the billing mails (docs/decisions/036): an account that never paid overage is
 * held to its plan's price in overage a month; it can raise, lower or lift the limit; the limit is
 * checked before the work; the owner is mailed at 80 % and 100 %, and a week before the plan ends.
 */
import type { Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpSink } from '../../mail/smtp-sink.test-support.ts';
import { testConfig } from '../../test-support.ts';
import type { Config } from '../../config.ts';
import { buy, customer, meteredCall, personalKey, startPaymentsApp, type PaymentsApp } from './payments.test-support.ts';

let clock = new Date('2026-11-10T12:00:00Z');
let p: PaymentsApp;
let sink: { server: Server; port: number; messages: string[] };
beforeAll(async () => {
  sink = await smtpSink();
  const smtp: Config['smtp'] = { url: `smtp://127.0.0.1:${sink.port}`, to: 'team@example.com', from: 'billing@pq.example' };
  p = await startPaymentsApp(() => clock, undefined, undefined, { smtp, publicUrl: testConfig('.').publicUrl });
});
afterAll(async () => {
  await p.close();
  sink.server.close();
});

const sql = (text: string, ...args: unknown[]) => p.app.database.sqlite.prepare(text).run(...args);
const mailsTo = (email: string) => sink.messages.filter((m) => m.includes(`To: ${email}`));
const settleMail = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('spending limits', () => {
  it('holds an account that never paid overage to its plan’s price, refusing before the work with a message that says how to raise it', async () => {
    clock = new Date('2026-11-10T12:00:00Z');
    const who = await customer(p);
    const key = await personalKey(p, who);
    await buy(p, who, 'starter');
    expect((await who.agent.get('/api/billing')).body.spendingLimit).toEqual({ cents: 19_900, source: 'default' });
    // 19,899 calls past the allowance already: the next call brings the overage to exactly $199.
    sql('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, ?)', `user:${who.user.id}`, '2026-11', 10_000 + 19_899);
    expect((await meteredCall(p, key)).status).toBe(200);
    const operations = p.app.database.sqlite.prepare('SELECT count(*) AS n FROM crypto_operations WHERE user_id = ?');
    const before = (operations.get(who.user.id) as { n: number }).n;
    const refused = await meteredCall(p, key);
    expect([refused.status, refused.body.code]).toEqual([429, 'spending_limit_reached']);
    expect(refused.body.message).toMatch(/spending limit of \$199\.00: raise or remove the limit on the Billing tab/);
    expect((operations.get(who.user.id) as { n: number }).n).toBe(before);
    expect((await who.agent.get('/api/usage')).body.overageCharges).toBe(1);

    // Raised: calls go on; lifted: no ceiling at all.
    const raised = await who.agent.patch('/api/billing/spending-limit').set('Origin', p.origin).send({ monthlyLimitCents: 25_000 });
    expect(raised.body).toEqual({ cents: 25_000, source: 'set' });
    expect((await meteredCall(p, key)).status).toBe(200);
    await who.agent.patch('/api/billing/spending-limit').set('Origin', p.origin).send({ monthlyLimitCents: null });
    expect((await who.agent.get('/api/billing')).body.spendingLimit).toEqual({ cents: null, source: 'none' });
    sql('UPDATE monthly_usage SET calls = calls + 1000000 WHERE meter = ?', `user:${who.user.id}`);
    expect((await meteredCall(p, key)).status).toBe(200);
  });

  it('has no default ceiling once the account has paid an overage balance; 0 allows no overage', async () => {
    const who = await customer(p);
    const key = await personalKey(p, who);
    await buy(p, who, 'starter');
    sql("INSERT INTO billing_charges (user_id, charge_type, amount, description, status, month, paid_at) VALUES (?, 'overage', 500, 'Overage', 'paid', '2026-09', 0)", who.user.id);
    expect((await who.agent.get('/api/billing')).body.spendingLimit).toEqual({ cents: null, source: 'none' });
    await who.agent.patch('/api/billing/spending-limit').set('Origin', p.origin).send({ monthlyLimitCents: 0 });
    sql('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 10000)', `user:${who.user.id}`, '2026-11');
    expect((await meteredCall(p, key)).body.code).toBe('spending_limit_reached');
  });

  it('mails the owner once at 80 % and once at 100 %', async () => {
    const who = await customer(p);
    const key = await personalKey(p, who);
    await buy(p, who, 'starter');
    await who.agent.patch('/api/billing/spending-limit').set('Origin', p.origin).send({ monthlyLimitCents: 10 });
    sql('INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, 10007)', `user:${who.user.id}`, '2026-11');
    for (let i = 0; i < 4; i++) expect((await meteredCall(p, key)).status).toBe(i < 3 ? 200 : 429);
    await settleMail();
    const mails = mailsTo(who.user.email).filter((m) => m.includes('spending limit'));
    expect(mails.map((m) => /Subject: (.*)/.exec(m)![1])).toEqual(['Your overage is at 80 % of your spending limit', 'Your spending limit is reached']);
  });

  it('refuses a limit that is not a whole number of cents from 0 to 100,000,000, changing nothing', async () => {
    const who = await customer(p);
    for (const body of [{ monthlyLimitCents: -1 }, { monthlyLimitCents: 1.5 }, { monthlyLimitCents: '100' }, { monthlyLimitCents: 100_000_001 }, {}, { monthlyLimitCents: 5, extra: 1 }]) {
      const res = await who.agent.patch('/api/billing/spending-limit').set('Origin', p.origin).send(body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 400, 'validation_error']);
    }
    expect((await who.agent.get('/api/billing')).body.spendingLimit.source).toBe('default');
  });
});

describe('a plan’s end, announced', () => {
  it('mails the owner a week before the plan ends, once, and not when it was renewed', async () => {
    clock = new Date('2026-11-10T12:00:00Z');
    const ending = await customer(p);
    const renewing = await customer(p);
    await buy(p, ending, 'starter');
    await buy(p, renewing, 'starter');
    await buy(p, renewing, 'starter');
    const notices = p.app.context.planNotices;
    const endMails = (email: string) => mailsTo(email).filter((m) => m.includes('plan ends'));
    clock = new Date('2026-12-03T11:59:00Z');
    await notices.run();
    expect(endMails(ending.user.email)).toEqual([]);
    clock = new Date('2026-12-03T12:00:00Z');
    expect(await notices.run()).toBeGreaterThanOrEqual(1);
    expect(await notices.run()).toBe(0);
    expect(endMails(ending.user.email)).toHaveLength(1);
    expect(endMails(ending.user.email)[0]).toContain('Subject: Your Starter plan ends on 2026-12-10');
    expect(endMails(renewing.user.email)).toEqual([]);
  });
});
