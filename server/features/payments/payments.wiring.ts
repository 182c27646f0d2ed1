/**
 * Builds the payment parts for createApp (docs/api.md §14.4): the PayPal client pointed at PayPal
 * (PAYPAL_MODE=sandbox|live) or at the app's own local sandbox (local, the default), which is then
 * mounted under /paypal-sandbox and reached over loopback once the server listens.
 */
import type { Express } from 'express';
import type { Db } from '../../../db/connection.ts';
import type { PaypalConfig } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { KeyService } from '../keys/keys.service.ts';
import type { MeteringService } from '../metering/metering.service.ts';
import { BillingService } from './billing.service.ts';
import { PaymentLedger } from './payment-ledger.ts';
import { PaymentsService } from './payments.service.ts';
import { PaypalClient, PaypalError } from './paypal/paypal.client.ts';
import { LocalPaypalSandbox } from './sandbox/sandbox.ts';
import { SANDBOX_PATH, sandboxRouter } from './sandbox/sandbox.routes.ts';
import { PaypalWebhooks } from './webhooks.ts';

export interface PaymentParts {
  paypal: PaypalClient;
  payments: PaymentsService;
  webhooks: PaypalWebhooks;
  billing: BillingService;
  /** The local sandbox, in PAYPAL_MODE=local. */
  sandbox: LocalPaypalSandbox | null;
  /** Mounts the local sandbox (before the API's 404 and the web app). */
  mount(app: Express): void;
  /** Tells the local sandbox and the client where this server listens (http://127.0.0.1:PORT). */
  listening(origin: string): void;
  close(): void;
}

export function createPayments(deps: { config: PaypalConfig; db: Db; keys: KeyService; metering: MeteringService; logger: Logger; now: () => Date }): PaymentParts {
  const { config, db, logger, now } = deps;
  let selfOrigin: string | null = null;
  const localBase = () => {
    if (!selfOrigin) throw new PaypalError(0, 'UNREACHABLE', undefined, 'the local PayPal sandbox is reachable once the server listens');
    return `${selfOrigin}${SANDBOX_PATH}`;
  };
  const baseUrl = config.apiBase === null ? localBase : () => config.apiBase!;
  const sandbox =
    config.mode === 'local'
      ? new LocalPaypalSandbox({
          clientId: config.clientId, clientSecret: config.clientSecret, webhookId: config.webhookId, baseUrl: localBase,
          webhookUrl: () => `${selfOrigin}/api/payments/webhook`, logger, now,
        })
      : null;
  const paypal = new PaypalClient({ baseUrl, clientId: config.clientId, clientSecret: config.clientSecret });
  const payments = new PaymentsService(db, paypal, new PaymentLedger(db, deps.keys, logger, now), logger, now);
  return {
    paypal,
    payments,
    webhooks: new PaypalWebhooks(payments, paypal, config.webhookId, logger),
    billing: new BillingService(db, deps.metering, now),
    sandbox,
    mount(app) {
      if (sandbox) app.use(SANDBOX_PATH, sandboxRouter(sandbox));
    },
    listening(origin) {
      selfOrigin = origin.replace(/\/$/, '');
    },
    close() {
      sandbox?.close();
    },
  };
}
