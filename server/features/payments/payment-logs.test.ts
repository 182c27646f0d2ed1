import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { buy, customer, startPaymentsApp, type PaymentsApp } from './payments.test-support.ts';

const lines: Record<string, unknown>[] = [];
let p: PaymentsApp;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  p = await startPaymentsApp(undefined, createLogger('info', sink));
});
afterAll(() => p.close());

describe('payment logs', () => {
  it('log every state change of a purchase with its id, and never a token, a secret or a key', async () => {
    const who = await customer(p);
    const { checkout } = await buy(p, who);
    const key = (await who.agent.get('/api/user/purchases')).body.planApiKeys[0];
    const secret = (await who.agent.post(`/api/keys/${key.id}/reveal-secret`).set('Origin', p.origin)).body.keySecret as string;
    const payment = lines.filter((l) => String(l.msg).startsWith('payment:') && l.purchaseId === checkout.purchaseId);
    expect(payment.map((l) => l.msg)).toEqual(expect.arrayContaining(['payment: order created', 'payment: purchase completed', 'payment: plan key issued and plan set']));
    const text = JSON.stringify(lines);
    const tokens = [...p.app.context.paypalSandbox!['tokens'].keys()];
    expect(tokens.length).toBeGreaterThan(0);
    for (const hidden of [...tokens, secret, p.app.context.paypalSandbox!.credentials.clientSecret]) expect(text).not.toContain(hidden);
  });
});
