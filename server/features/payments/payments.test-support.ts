/**
 * A listening app for payment tests: the local PayPal sandbox is reached over loopback, as in
 * production's local mode, and its webhooks come back to the same server. Helpers drive a checkout
 * the way a payer's browser would: start it, approve (or cancel) on the sandbox's page, follow
 * PayPal's redirect to the return address.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { Logger } from '../../logger.ts';
import type { Config } from '../../config.ts';
import { createTestApp, testConfig, verifyEmail, type TestApp } from '../../test-support.ts';

export interface PaymentsApp {
  app: TestApp;
  origin: string;
  close(): Promise<void>;
}

export async function startPaymentsApp(now?: () => Date, logger?: Logger, rateLimits?: Partial<Config['rateLimits']>, overrides: Partial<Config> = {}): Promise<PaymentsApp> {
  const config: Partial<Config> = { engineWorkers: 1, ...(rateLimits ? { rateLimits: { ...testConfig('.').rateLimits, ...rateLimits } } : {}), ...overrides };
  const app = await createTestApp({ config, ...(now ? { now } : {}), ...(logger ? { logger } : {}) });
  const server: Server = app.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app.listening(origin);
  return {
    app,
    origin,
    close: async () => {
      await app.context.paypalSandbox?.idle();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    },
  };
}

let counter = 0;

export interface Customer {
  agent: TestAgent;
  user: { id: string; email: string };
}

/** A signed-up customer whose agent talks to the listening server, as the browser would. */
export async function customer(p: PaymentsApp): Promise<Customer> {
  const agent = request.agent(p.origin);
  const email = `payer${++counter}-${Date.now()}@example.com`;
  const registered = await agent.post('/api/auth/register').send({ email, password: 'correct horse battery', firstName: 'Pat', lastName: 'Payer' });
  if (registered.status !== 202) throw new Error(`sign-up failed: ${registered.status}`);
  const res = await agent.post('/api/auth/login').send({ email, password: 'correct horse battery' });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  // Buying a plan needs a verified email.
  await verifyEmail(p.app, res.body.id);
  return { agent, user: res.body };
}

export async function startCheckout(p: PaymentsApp, who: Customer, plan: 'starter' | 'pro' = 'starter') {
  const res = await who.agent.post('/api/payments/orders').set('Origin', p.origin).send({ plan });
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { purchaseId: number; orderId: string; approveUrl: string; amount: number };
}

/** Presses a button on the sandbox's approval page; returns where PayPal sends the browser next. */
export async function onApprovalPage(p: PaymentsApp, orderId: string, button: 'approve' | 'pending' | 'cancel' = 'approve'): Promise<string> {
  const path = button === 'cancel' ? '/paypal-sandbox/checkoutnow/cancel' : '/paypal-sandbox/checkoutnow/approve';
  const form = button === 'cancel' ? { token: orderId } : { token: orderId, funding: button === 'pending' ? 'pending' : 'instant' };
  const res = await request(p.origin).post(path).type('form').send(form);
  if (res.status !== 303) throw new Error(`approval page answered ${res.status}`);
  return res.headers.location!;
}

/** Follows PayPal's redirect to our return (or cancel) address; returns the popup page it sends the browser to. */
export async function followBack(location: string): Promise<{ status: number; location: string | undefined; body: unknown }> {
  const url = new URL(location);
  const res = await request(url.origin).get(`${url.pathname}${url.search}`);
  return { status: res.status, location: res.headers.location, body: res.body };
}

/** The whole purchase as a payer does it: checkout, approve, back. */
export async function buy(p: PaymentsApp, who: Customer, plan: 'starter' | 'pro' = 'starter') {
  const checkout = await startCheckout(p, who, plan);
  const back = await followBack(await onApprovalPage(p, checkout.orderId));
  await p.app.context.paypalSandbox!.idle();
  return { checkout, back };
}

export const count = (p: PaymentsApp, sql: string, ...args: unknown[]) =>
  (p.app.database.sqlite.prepare(sql).get(...args) as { n: number }).n;

/** The customer's sign-up key and its secret (revealed once), for public API calls. */
export async function personalKey(p: PaymentsApp, who: Customer): Promise<{ apiKey: string; apiSecret: string }> {
  const key = (await who.agent.get('/api/keys')).body[0] as { id: number; keyValue: string };
  const revealed = await who.agent.post(`/api/keys/${key.id}/reveal-secret`).set('Origin', p.origin);
  return { apiKey: key.keyValue, apiSecret: revealed.body.keySecret as string };
}

/** A metered call (a verify of a signature that does not verify: cheap, and charged like any call). */
export function meteredCall(p: PaymentsApp, key: { apiKey: string; apiSecret: string }) {
  return request(p.origin)
    .post('/api/crypto/dilion/verify')
    .set({ 'x-api-key': key.apiKey, 'x-api-secret': key.apiSecret })
    .send({ message: 'm', signature: Buffer.alloc(3309).toString('base64'), publicKey: Buffer.alloc(1952).toString('base64') });
}
