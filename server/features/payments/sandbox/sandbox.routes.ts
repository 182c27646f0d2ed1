/**
 * The local sandbox's HTTP face under /paypal-sandbox (PAYMENTS=local; docs/api.md §14.4): the
 * subset of PayPal's REST API the client calls, with PayPal's request checks, response shapes and
 * error bodies, plus the approval page. It stands in for PayPal, so it is not part of this app's
 * API and not in its OpenAPI document; its requests are still validated with zod.
 *
 * Who it answers (docs/decisions/035): nothing that came through a proxy; its REST API only
 * connections from this machine (the app's own client, with the credentials drawn at start); its
 * pages anyone who reaches the server, a limited number of times a minute per address.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { z } from 'zod';
import { fromThisMachine, throughProxy } from '../../../http/local-only.ts';
import { Money, WebhookEvent } from '../paypal/paypal.schemas.ts';
import { approvalPage, messagePage } from './approval-page.ts';
import { AUTH_ALGO } from './webhook-signer.ts';
import type { LocalPaypalSandbox, SandboxOrder } from './sandbox.ts';

export const SANDBOX_PATH = '/paypal-sandbox';

const INFO = 'https://developer.paypal.com/docs/api/orders/v2/#error-';
/** PayPal's limits on a return or cancel URL and on PayPal-Request-Id. */
const MAX_URL = 2_048;
const MAX_REQUEST_ID = 108;

/** Constant-time equality of two strings of any length. */
const sameSecret = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

function paypalError(res: Response, status: number, name: string, message: string, details: Record<string, string>[] = []): void {
  res.status(status).json({
    name, message, debug_id: Math.random().toString(16).slice(2, 15), details,
    links: [{ href: `${INFO}${details[0]?.issue ?? name}`, rel: 'information_link', method: 'GET' }],
  });
}

const notFound = (res: Response, id: string) =>
  paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    { field: 'order_id', value: id, location: 'path', issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' },
  ]);

const unprocessable = (res: Response, issue: string, description: string) =>
  paypalError(res, 422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', [{ issue, description }]);

/** zod's first issue as PayPal's INVALID_REQUEST (a JSON-pointer field, MISSING_REQUIRED_PARAMETER or INVALID_PARAMETER_VALUE). */
function invalidRequest(res: Response, error: z.ZodError): void {
  const issue = error.issues[0]!;
  const missing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
  paypalError(res, 400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
    { field: `/${issue.path.join('/')}`, location: 'body', issue: missing ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_VALUE', description: issue.message },
  ]);
}

const CreateOrder = z.looseObject({
  intent: z.enum(['CAPTURE', 'AUTHORIZE']),
  purchase_units: z
    .array(
      z.looseObject({
        reference_id: z.string().min(1).max(256).optional(),
        custom_id: z.string().min(1).max(127).optional(),
        description: z.string().min(1).max(127).optional(),
        amount: Money,
      }),
    )
    .min(1)
    .max(10),
  payment_source: z
    .looseObject({
      paypal: z.looseObject({
        experience_context: z
          .looseObject({ brand_name: z.string().max(127).optional(), return_url: z.url().max(MAX_URL).optional(), cancel_url: z.url().max(MAX_URL).optional() })
          .optional(),
      }),
    })
    .optional(),
});

const VerifyRequest = z.strictObject({
  auth_algo: z.string().regex(/^[a-zA-Z0-9]+$/).max(100),
  cert_url: z.url().max(500),
  transmission_id: z.string().min(1).max(50),
  transmission_sig: z.string().min(1).max(500),
  transmission_time: z.string().min(1).max(100),
  webhook_id: z.string().regex(/^[a-zA-Z0-9]+$/).max(50),
  webhook_event: WebhookEvent,
});

const TokenForm = z.looseObject({ grant_type: z.literal('client_credentials') });
const ApprovalForm = z.strictObject({ token: z.string().min(1).max(36), funding: z.enum(['instant', 'pending']).optional() });
const CancelForm = z.strictObject({ token: z.string().min(1).max(36) });

export interface SandboxRouterOptions {
  /** The per-address limit on the approval pages (requests a minute). */
  pageLimit: RequestHandler;
}

export function sandboxRouter(sandbox: LocalPaypalSandbox, options: SandboxRouterOptions): Router {
  const router = express.Router();
  router.use((req, res, next) => {
    if (!throughProxy(req)) return next();
    res.status(403).type('html').send(messagePage('Not available through a proxy', 'The local PayPal sandbox answers only requests made on this machine, never through a proxy.'));
  });
  router.use(['/v1', '/v2', '/simulate'], (req, res, next) => {
    if (fromThisMachine(req)) return next();
    paypalError(res, 403, 'PERMISSION_DENIED', 'The local PayPal sandbox answers its REST API to the app on this machine only.');
  });
  router.use('/checkoutnow', options.pageLimit);
  router.use(express.urlencoded({ extended: false, limit: '16kb' }));

  /** The client of the request's bearer token, or null once the 401 is sent. */
  const bearer = (req: Request, res: Response): string | null => {
    const token = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '')?.[1];
    const client = token ? sandbox.clientOf(token) : undefined;
    if (client !== undefined) return client;
    res.status(401).json({
      name: 'AUTHENTICATION_FAILURE',
      message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
    });
    return null;
  };

  /**
   * Answers a request seen before from the same client under the same PayPal-Request-Id with the
   * first response; null once answered (a replay, or an over-long id), else the key to keep the reply under.
   */
  const replayed = (req: Request, res: Response, client: string): string | null => {
    const requestId = req.get('paypal-request-id');
    if (requestId !== undefined && requestId.length > MAX_REQUEST_ID) {
      paypalError(res, 400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
        { field: 'PayPal-Request-Id', location: 'header', issue: 'INVALID_STRING_MAX_LENGTH', description: `The value of a field is too long: at most ${MAX_REQUEST_ID} characters.` },
      ]);
      return null;
    }
    const key = requestId ? `${client} ${req.method} ${req.path} ${requestId}` : null;
    const earlier = key ? sandbox.replies.get(key) : undefined;
    if (earlier) {
      res.status(earlier.status).json(earlier.body);
      return null;
    }
    return key ?? '';
  };
  const reply = (res: Response, key: string, status: number, body: unknown) => {
    if (key) sandbox.replies.set(key, { status, body });
    res.status(status).json(body);
  };

  router.post('/v1/oauth2/token', (req, res) => {
    const [scheme, encoded] = (req.get('authorization') ?? '').split(' ');
    const [id = '', secret = ''] = Buffer.from(encoded ?? '', 'base64').toString('utf8').split(':');
    const { clientId, clientSecret } = sandbox.credentials;
    if (scheme !== 'Basic' || !sameSecret(id, clientId) || !sameSecret(secret, clientSecret)) {
      res.status(401).json({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      return;
    }
    if (!TokenForm.safeParse(req.body ?? {}).success) {
      res.status(400).json({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL or not supported' });
      return;
    }
    const token = sandbox.issueToken(clientId);
    res.json({ scope: 'https://uri.paypal.com/services/payments/payment', ...token, token_type: 'Bearer', app_id: 'APP-LOCALSANDBOX', nonce: `${sandbox.stamp()}local` });
  });

  router.post('/v2/checkout/orders', (req, res) => {
    const client = bearer(req, res);
    if (client === null) return;
    const key = replayed(req, res, client);
    if (key === null) return;
    const parsed = CreateOrder.safeParse(req.body);
    if (!parsed.success) return invalidRequest(res, parsed.error);
    const { intent, purchase_units: units, payment_source: source } = parsed.data;
    if (intent !== 'CAPTURE' || units.length !== 1) {
      return unprocessable(res, 'UNSUPPORTED_INTENT', 'The local sandbox implements intent CAPTURE with one purchase unit only.');
    }
    const unit = units[0]!;
    const context = source?.paypal.experience_context;
    const order = sandbox.createOrder(
      { reference_id: unit.reference_id ?? 'default', custom_id: unit.custom_id, description: unit.description, amount: { currency_code: unit.amount.currency_code, value: unit.amount.value } },
      { brandName: context?.brand_name, returnUrl: context?.return_url, cancelUrl: context?.cancel_url },
    );
    const full = sandbox.orderResource(order);
    const minimal = { id: order.id, status: order.status, payment_source: { paypal: {} }, links: full.links };
    reply(res, key, 200, req.get('prefer') === 'return=representation' ? full : minimal);
  });

  router.get('/v2/checkout/orders/:id', (req, res) => {
    if (bearer(req, res) === null) return;
    const order = sandbox.orders.get(req.params.id);
    if (!order) return notFound(res, req.params.id);
    res.json(sandbox.orderResource(order));
  });

  router.post('/v2/checkout/orders/:id/capture', (req, res) => {
    const client = bearer(req, res);
    if (client === null) return;
    const key = replayed(req, res, client);
    if (key === null) return;
    const order = sandbox.orders.get(req.params.id);
    if (!order) return notFound(res, req.params.id);
    if (order.status === 'COMPLETED') return unprocessable(res, 'ORDER_ALREADY_CAPTURED', "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.");
    if (order.status !== 'APPROVED') {
      return unprocessable(res, 'ORDER_NOT_APPROVED', "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.");
    }
    sandbox.capture(order);
    reply(res, key, 201, sandbox.orderResource(order));
  });

  router.post('/v2/payments/captures/:id/refund', (req, res) => {
    if (bearer(req, res) === null) return;
    const capture = sandbox.captures.get(req.params.id);
    if (!capture) return notFound(res, req.params.id);
    if (capture.status !== 'COMPLETED') return unprocessable(res, 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded or has not cleared.');
    res.status(201).json(sandbox.refund(capture));
  });

  /** Not a PayPal call: clears a pending (eCheck) capture, as time would at PayPal. */
  router.post('/simulate/captures/:id/clear', (req, res) => {
    if (bearer(req, res) === null) return;
    const capture = sandbox.captures.get(req.params.id);
    if (!capture) return notFound(res, req.params.id);
    if (capture.status !== 'PENDING') return unprocessable(res, 'CAPTURE_NOT_PENDING', 'Only a pending capture can clear.');
    sandbox.clear(capture);
    res.json(sandbox.captureResource(capture));
  });

  router.post('/v1/notifications/verify-webhook-signature', (req, res) => {
    if (bearer(req, res) === null) return;
    const parsed = VerifyRequest.safeParse(req.body);
    if (!parsed.success) return invalidRequest(res, parsed.error);
    const v = parsed.data;
    const ok =
      v.auth_algo === AUTH_ALGO &&
      v.cert_url === sandbox.certUrl() &&
      v.webhook_id === sandbox.credentials.webhookId &&
      sandbox.signer.verify({ transmissionId: v.transmission_id, transmissionTime: v.transmission_time, webhookId: v.webhook_id, signature: v.transmission_sig, body: JSON.stringify(req.body.webhook_event) });
    res.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  });

  router.get('/v1/notifications/certs/:certId', (req, res) => {
    if (req.params.certId !== sandbox.signer.certId) return notFound(res, req.params.certId);
    res.type('application/x-pem-file').send(sandbox.signer.publicKeyPem());
  });

  const orderFor = (res: Response, token: unknown): SandboxOrder | null => {
    const order = typeof token === 'string' ? sandbox.orders.get(token) : undefined;
    if (!order) res.status(404).type('html').send(messagePage('Unknown order', 'This sandbox has no such order (orders are kept in memory and end with a restart).'));
    return order ?? null;
  };

  router.get('/checkoutnow', (req, res) => {
    const order = orderFor(res, req.query.token);
    if (order) res.type('html').send(approvalPage(order));
  });

  router.post('/checkoutnow/approve', (req, res) => {
    const form = ApprovalForm.safeParse(req.body ?? {});
    if (!form.success) return void res.status(400).type('html').send(messagePage('Bad request', 'The approval form was incomplete.'));
    const order = orderFor(res, form.data.token);
    if (!order) return;
    if (order.status !== 'PAYER_ACTION_REQUIRED') return void res.type('html').send(approvalPage(order));
    sandbox.approve(order, form.data.funding ?? 'instant');
    if (!order.returnUrl) return void res.type('html').send(messagePage('Payment approved', 'You can close this window.'));
    const back = new URL(order.returnUrl);
    back.searchParams.set('token', order.id);
    back.searchParams.set('PayerID', order.payerId!);
    res.redirect(303, back.toString());
  });

  router.post('/checkoutnow/cancel', (req, res) => {
    const form = CancelForm.safeParse(req.body ?? {});
    if (!form.success) return void res.status(400).type('html').send(messagePage('Bad request', 'The cancel form was incomplete.'));
    const order = orderFor(res, form.data.token);
    if (!order) return;
    if (!order.cancelUrl) return void res.type('html').send(messagePage('Payment cancelled', 'You can close this window.'));
    const back = new URL(order.cancelUrl);
    back.searchParams.set('token', order.id);
    res.redirect(303, back.toString());
  });

  router.use((_req, res) => notFound(res, 'path'));
  return router;
}
