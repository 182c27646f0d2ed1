import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentsApp, type PaymentsApp } from '../payments.test-support.ts';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../paypal/fixtures/${name}`, import.meta.url), 'utf8'));

/** The structure of a JSON value: every object's keys and every leaf's type. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, shape((value as Record<string, unknown>)[k])]));
  return typeof value;
}

let p: PaymentsApp;
let token: string;
const credentials = () => p.app.context.paypalSandbox!.credentials;
const api = () => request(`${p.origin}/paypal-sandbox`);
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const ORDER = {
  intent: 'CAPTURE',
  purchase_units: [{ reference_id: '7', custom_id: '7', description: 'Starter plan', amount: { currency_code: 'USD', value: '199.00' } }],
  payment_source: { paypal: { experience_context: { return_url: 'http://127.0.0.1:1/api/payments/return', cancel_url: 'http://127.0.0.1:1/api/payments/cancel' } } },
};

beforeAll(async () => {
  p = await startPaymentsApp();
  // Orders made here directly are not the app's, so its webhook answers 404 and the sandbox retries: quickly, in this test.
  p.app.context.paypalSandbox!.options.retryDelayMs = 5;
  const res = await api().post('/v1/oauth2/token').set('Authorization', basic(credentials().clientId, credentials().clientSecret)).type('form').send({ grant_type: 'client_credentials' });
  token = res.body.access_token;
});
afterAll(() => p.close());

const createOrder = (body: unknown = ORDER, requestId?: string) => {
  const req = api().post('/v2/checkout/orders').set('Authorization', `Bearer ${token}`);
  return (requestId ? req.set('PayPal-Request-Id', requestId) : req).send(body as object);
};
const approve = (orderId: string) => api().post('/checkoutnow/approve').type('form').send({ token: orderId, funding: 'instant' });

describe('the local PayPal sandbox answers in PayPal’s documented shapes', () => {
  it('token: the shape of PayPal’s sample, and invalid_client for wrong credentials', async () => {
    const ok = await api().post('/v1/oauth2/token').set('Authorization', basic(credentials().clientId, credentials().clientSecret)).type('form').send({ grant_type: 'client_credentials' });
    expect(shape(ok.body)).toEqual(shape(fixture('oauth2-token.response.json')));
    const wrong = await api().post('/v1/oauth2/token').set('Authorization', basic(credentials().clientId, 'guess')).type('form').send({ grant_type: 'client_credentials' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(fixture('error-invalid-client.json'));
  });

  it('create order: the documented minimal response, and the same order for a repeated PayPal-Request-Id', async () => {
    const first = await createOrder(ORDER, 'same-request');
    expect(first.status).toBe(200);
    expect(shape(first.body)).toEqual(shape(fixture('orders-create.response.json')));
    expect(first.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'payer-action']);
    expect((await createOrder(ORDER, 'same-request')).body.id).toBe(first.body.id);
    expect((await createOrder(ORDER, 'another-request')).body.id).not.toBe(first.body.id);
  });

  it('capture: ORDER_NOT_APPROVED before approval, the documented response after, ORDER_ALREADY_CAPTURED for a second request id', async () => {
    const { id } = (await createOrder()).body;
    const capture = (requestId: string) => api().post(`/v2/checkout/orders/${id}/capture`).set({ Authorization: `Bearer ${token}`, 'PayPal-Request-Id': requestId }).send({});
    const early = await capture('c1');
    expect(early.status).toBe(422);
    expect(shape(early.body)).toEqual(shape(fixture('error-order-not-approved.json')));
    expect(early.body.details[0].issue).toBe('ORDER_NOT_APPROVED');

    expect((await approve(id)).status).toBe(303);
    const done = await capture('c2');
    expect(done.status).toBe(201);
    const documented = fixture('orders-capture.response.json') as Record<string, unknown>;
    expect(Object.keys(done.body).sort()).toEqual([...Object.keys(documented), 'intent', 'create_time', 'update_time'].sort());
    const captured = done.body.purchase_units[0].payments.captures[0];
    expect(captured).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'USD', value: '199.00' }, custom_id: '7', final_capture: true });
    expect((await capture('c2')).body).toEqual(done.body);
    const twice = await capture('c3');
    expect(twice.status).toBe(422);
    expect(shape(twice.body)).toEqual(shape(fixture('error-order-already-captured.json')));
    expect(twice.body.details[0].issue).toBe('ORDER_ALREADY_CAPTURED');
  });

  it('an unknown order is RESOURCE_NOT_FOUND, a missing token AUTHENTICATION_FAILURE, a bad body INVALID_REQUEST', async () => {
    const missing = await api().get('/v2/checkout/orders/NOSUCHORDER').set('Authorization', `Bearer ${token}`);
    expect(missing.status).toBe(404);
    expect(shape(missing.body)).toEqual(shape(fixture('error-resource-not-found.json')));
    expect((await api().get('/v2/checkout/orders/NOSUCHORDER')).body.name).toBe('AUTHENTICATION_FAILURE');
    const bad = await createOrder({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '1.999' } }] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ name: 'INVALID_REQUEST', details: [{ field: '/purchase_units/0/amount/value', location: 'body', issue: 'INVALID_PARAMETER_VALUE' }] });
    const noUnits = await createOrder({ intent: 'CAPTURE' });
    expect(noUnits.body.details[0]).toMatchObject({ field: '/purchase_units', issue: 'MISSING_REQUIRED_PARAMETER' });
  });

  it('sends webhooks in PayPal’s event shape, signed so that only the untouched event verifies', async () => {
    const { id } = (await createOrder()).body;
    await approve(id);
    await api().post(`/v2/checkout/orders/${id}/capture`).set({ Authorization: `Bearer ${token}`, 'PayPal-Request-Id': `cap-${id}` }).send({});
    const sandbox = p.app.context.paypalSandbox!;
    await sandbox.idle();
    const completed = sandbox.delivered.find((d) => d.event.event_type === 'PAYMENT.CAPTURE.COMPLETED' && JSON.stringify(d.event).includes(id))!.event;
    const documented = fixture('webhook-payment-capture-completed.json') as { resource: unknown };
    expect(Object.keys(completed).sort()).toEqual(Object.keys(documented).sort());
    expect(shape(completed.resource)).toEqual(shape(documented.resource));

    const body = JSON.stringify(completed);
    const headers = sandbox.signer.sign(body, credentials().webhookId, sandbox.certUrl(), new Date());
    const verify = (event: unknown, webhookId: string = credentials().webhookId) =>
      api().post('/v1/notifications/verify-webhook-signature').set('Authorization', `Bearer ${token}`).send({
        auth_algo: headers['paypal-auth-algo'], cert_url: headers['paypal-cert-url'], transmission_id: headers['paypal-transmission-id'],
        transmission_sig: headers['paypal-transmission-sig'], transmission_time: headers['paypal-transmission-time'], webhook_id: webhookId, webhook_event: event,
      });
    expect((await verify(completed)).body).toEqual(fixture('verify-webhook-signature.response.json'));
    expect((await verify({ ...completed, summary: 'changed' })).body).toEqual({ verification_status: 'FAILURE' });
    expect((await verify(completed, 'OTHERWEBHOOK')).body).toEqual({ verification_status: 'FAILURE' });
    const cert = await api().get(`/v1/notifications/certs/${sandbox.signer.certId}`);
    expect(cert.text).toContain('BEGIN PUBLIC KEY');
  });

  it('labels its approval page as a local sandbox where no money moves, and knows no unknown order', async () => {
    const { id } = (await createOrder()).body;
    const page = await api().get(`/checkoutnow?token=${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Local PayPal sandbox: no money moves');
    expect(page.text).toMatch(/<button[^>]*>Approve<\/button>/);
    expect(page.text).toContain('Cancel and return to the merchant');
    expect(page.text).not.toMatch(/<script/);
    expect((await api().get('/checkoutnow?token=UNKNOWN')).status).toBe(404);
    expect((await api().post('/checkoutnow/approve').type('form').send({ token: id, funding: 'gift' })).status).toBe(400);
  });

  it('answers junk with a 4xx, never a 5xx', async () => {
    const routes: [string, string][] = [
      ['post', '/v1/oauth2/token'], ['post', '/v2/checkout/orders'], ['get', '/v2/checkout/orders/X'], ['post', '/v2/checkout/orders/X/capture'],
      ['post', '/v2/payments/captures/X/refund'], ['post', '/v1/notifications/verify-webhook-signature'], ['post', '/checkoutnow/approve'], ['post', '/checkoutnow/cancel'],
    ];
    for (const [method, path] of routes) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.object(), fc.constant({ intent: 'CAPTURE', purchase_units: [{}] })), fc.boolean(), async (body, authorized) => {
          const req = api()[method as 'post'](path);
          if (authorized) req.set('Authorization', `Bearer ${token}`);
          const res = await req.send(body);
          expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${method} ${path}`).toBeLessThan(500);
        }),
        { numRuns: 15 },
      );
    }
  });
});
