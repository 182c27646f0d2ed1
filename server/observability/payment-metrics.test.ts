import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, customer, followBack, onApprovalPage, startCheckout, startPaymentsApp, type PaymentsApp } from '../features/payments/payments.test-support.ts';
import { metricsByToken, parseExposition, valueOf } from './metrics.test-support.ts';

describe('pq_payments_total', () => {
  let p: PaymentsApp;
  beforeAll(async () => {
    p = await startPaymentsApp(undefined, undefined, undefined, metricsByToken);
  });
  afterAll(() => p.close());

  it('counts each purchase once by how it ended, however often its return is followed', async () => {
    const who = await customer(p);
    const { back } = await buy(p, who);
    expect(back.status).toBe(302);
    const cancelled = await startCheckout(p, who, 'pro');
    const location = await onApprovalPage(p, cancelled.orderId, 'cancel');
    await followBack(location);
    await followBack(location);
    const samples = parseExposition(await p.app.metrics.scrape());
    expect(valueOf(samples, 'pq_payments_total', { outcome: 'completed' })).toBe(1);
    expect(valueOf(samples, 'pq_payments_total', { outcome: 'cancelled' })).toBe(1);
    expect(valueOf(samples, 'pq_payments_total', { outcome: 'failed' })).toBe(0);
    // The emulator's pages are served outside the API: never their paths or order ids as labels.
    const routes = new Set(samples.filter((s) => s.name === 'pq_http_requests_total').map((s) => s.labels.route));
    expect([...routes].filter((r) => r!.includes(cancelled.orderId))).toEqual([]);
    // Called at its deprecated unversioned path, which is declared too (docs/decisions/052).
    expect(routes.has('/api/payments/orders')).toBe(true);
  });
});
