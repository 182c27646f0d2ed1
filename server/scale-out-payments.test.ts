/**
 * A purchase across two instances on one PostgreSQL database (docs/api.md §14.4,
 * docs/decisions/035, docs/decisions/050-one-storage-seam.md): PayPal is the emulator running as a
 * process of its own (`paypal-emulator`), both instances in PAYMENTS=sandbox against it. The
 * checkout starts on A, the payer approves at the emulator, PayPal's return captures on B, and the
 * same return is replayed on A and on both at once while the emulator's webhooks reach B and are
 * replayed to A. Of all of them, exactly one completes the purchase: one plan period, one charge,
 * one receipt, one plan key, and both instances show the plan.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { usePostgres } from '../db/postgres/test-server.ts';
import { sandboxEnv, signUp, startInstances, startPaypalEmulator, type Customer, type Instance, type PaypalEmulator, queryDatabase } from './instances.test-support.ts';

const server = usePostgres();
const relays: Server[] = [];
afterAll(() => Promise.all(relays.map((relay) => new Promise<void>((resolve) => relay.close(() => resolve())))));

interface Delivery {
  eventType: string;
  /** PayPal's signature headers, as the emulator sent them. */
  headers: Record<string, string>;
  body: string;
}

/**
 * The emulator's webhook URL: passes each delivery on to the instance it is pointed at (a load
 * balancer that happens to pick B) and keeps it, signature headers and bytes, to be replayed.
 */
async function webhookRelay() {
  let target = '';
  const deliveries: Delivery[] = [];
  const answers: number[] = [];
  const relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const delivery = { eventType: (JSON.parse(body) as { event_type: string }).event_type, headers: paypalHeaders(req.headers), body };
      deliveries.push(delivery);
      void deliver(target, delivery).then(
        (answer) => {
          answers.push(answer.status);
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.text);
        },
        () => res.writeHead(502).end(),
      );
    });
  });
  relays.push(relay);
  relay.listen(0, '127.0.0.1');
  await new Promise((resolve) => relay.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}/api/payments/webhook`,
    deliveries,
    answers,
    pointAt: (instance: Instance) => (target = instance.base),
  };
}

function paypalHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('paypal-')).map(([name, value]) => [name, String(value)]));
}

async function deliver(base: string, delivery: Delivery): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...delivery.headers }, body: delivery.body });
  return { status: res.status, text: await res.text() };
}

/** PayPal's redirect back to the app, followed on `instance`: where the app sends the payer's popup. */
async function returnOn(instance: Instance, back: URL): Promise<string> {
  const res = await fetch(`${instance.base}${back.pathname}${back.search}`, { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`return on ${instance.base}: ${res.status} ${await res.text()}`);
  return res.headers.get('location')!;
}

async function waitFor(what: string, done: () => boolean, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Two instances in PAYMENTS=sandbox against the emulator, whose webhooks reach B; a customer with a verified email. */
async function deployment(email: string) {
  const url = await server.createDatabase();
  const relay = await webhookRelay();
  const emulator = await startPaypalEmulator(relay.url);
  const [a, b] = (await startInstances(2, { databaseUrl: url, env: sandboxEnv(emulator) })) as [Instance, Instance];
  relay.pointAt(b);
  const customer = await signUp(email, { register: a, signIn: b, reveal: a });
  // Only a verified email may buy (docs/api.md §12).
  await queryDatabase(url, 'UPDATE users SET email_verified_at = $2 WHERE id = $1', customer.userId, Date.now());
  return { url, relay, emulator, a, b, customer };
}

/** Starts buying Starter on `on` and approves at the emulator: PayPal's redirect back (to `on`'s return address). */
async function checkoutApproved(on: Instance, customer: Customer, emulator: PaypalEmulator) {
  const started = await fetch(`${on.base}/api/payments/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: on.base, cookie: customer.cookie },
    body: JSON.stringify({ plan: 'starter' }),
  });
  expect(started.status, await started.clone().text()).toBe(201);
  const checkout = (await started.json()) as { purchaseId: number; orderId: string; approveUrl: string };
  // The approval page is the emulator's, as PayPal's is PayPal's.
  expect(new URL(checkout.approveUrl).origin).toBe(new URL(emulator.apiBase).origin);
  expect((await fetch(checkout.approveUrl)).status).toBe(200);
  const approved = await fetch(`${emulator.apiBase}/checkoutnow/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: checkout.orderId, funding: 'instant' }),
    redirect: 'manual',
  });
  expect(approved.status).toBe(303);
  const back = new URL(approved.headers.get('location')!);
  expect(back.origin).toBe(on.base);
  return { back, captured: `/payment/return?payment=success&captured=true&kind=plan&purchase=${checkout.purchaseId}` };
}

/** The order's approval and its capture, delivered to B, each replayed to A and then to both at once: all accepted. */
async function replayWebhooks(relay: Awaited<ReturnType<typeof webhookRelay>>, a: Instance, b: Instance): Promise<void> {
  await waitFor('the approval and capture webhooks', () => relay.answers.length >= 2);
  expect(relay.deliveries.map((d) => d.eventType).sort()).toEqual(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']);
  expect(relay.answers).toEqual([200, 200]);
  for (const delivery of relay.deliveries) {
    expect((await deliver(a.base, delivery)).status, delivery.eventType).toBe(200);
    const replays = await Promise.all([a, b, a, b].map((instance) => deliver(instance.base, delivery)));
    expect(replays.map((r) => r.status), delivery.eventType).toEqual([200, 200, 200, 200]);
  }
}

/** One completed purchase of one plan period, one charge, one receipt, one plan key; both instances show Starter. */
async function expectBoughtOnce(url: string, customer: Customer, instances: Instance[]): Promise<void> {
  const purchases = await queryDatabase<{ status: string; completedAt: number; expiresAt: number }>(
    url,
    'SELECT status, completed_at AS "completedAt", expires_at AS "expiresAt" FROM purchases WHERE user_id = $1',
    customer.userId,
  );
  expect(purchases).toEqual([{ status: 'completed', completedAt: expect.any(Number), expiresAt: expect.any(Number) }]);
  // One period: a month from the capture, not two.
  const days = (purchases[0]!.expiresAt - purchases[0]!.completedAt) / 86_400_000;
  expect(days).toBeGreaterThanOrEqual(28);
  expect(days).toBeLessThanOrEqual(31);
  const counts = await queryDatabase(
    url,
    `SELECT (SELECT count(*)::int FROM billing_charges WHERE user_id = $1 AND charge_type = 'plan') AS charges,
            (SELECT count(*)::int FROM receipts WHERE user_id = $1) AS receipts,
            (SELECT count(*)::int FROM api_keys WHERE user_id = $1 AND purchase_id IS NOT NULL) AS "planKeys",
            subscription_tier AS tier, plan_expires_at AS "planExpiresAt"
     FROM users WHERE id = $1`,
    customer.userId,
  );
  expect(counts).toEqual([{ charges: 1, receipts: 1, planKeys: 1, tier: 'starter', planExpiresAt: purchases[0]!.expiresAt }]);
  for (const instance of instances) expect(await planOf(instance, customer), instance.base).toBe('starter');
}

const planOf = async (instance: Instance, customer: Customer) =>
  ((await (await fetch(`${instance.base}/api/usage`, { headers: { cookie: customer.cookie } })).json()) as { currentPlan: string }).currentPlan;

describe.skipIf(!server.available)('a purchase across two instances', () => {
  it('completes once when captured on B, then replayed on A and on both at once, and its webhooks replayed to A', { timeout: 120_000 }, async () => {
    const { url, relay, emulator, a, b, customer } = await deployment('payer@example.com');
    const { back, captured } = await checkoutApproved(a, customer, emulator);
    // The payer's browser comes back through B; then on A; then on both at once.
    expect(await returnOn(b, back)).toBe(captured);
    expect(await returnOn(a, back)).toBe(captured);
    expect(await Promise.all([a, b, a, b, a, b].map((instance) => returnOn(instance, back)))).toEqual(Array(6).fill(captured));
    await replayWebhooks(relay, a, b);
    await expectBoughtOnce(url, customer, [a, b]);
  });

  it('completes once when the first returns race on both instances with the approval’s webhook', { timeout: 120_000 }, async () => {
    const { url, relay, emulator, a, b, customer } = await deployment('racer@example.com');
    const { back, captured } = await checkoutApproved(b, customer, emulator);
    // The approval's webhook is on its way to B while the same return arrives at both.
    expect(await Promise.all([a, b, a, b, a, b].map((instance) => returnOn(instance, back)))).toEqual(Array(6).fill(captured));
    await replayWebhooks(relay, a, b);
    await expectBoughtOnce(url, customer, [a, b]);
  });
});
