/**
 * Builds the payment parts for createApp (docs/api.md §14.4, docs/decisions/035): the PayPal client
 * pointed at PayPal (PAYMENTS=sandbox|live) or at the app's own local sandbox (local), which is then
 * mounted under /paypal-sandbox and reached over loopback once the server listens. In off, nothing
 * is sold: the client has nowhere to go and the payment routes are not served.
 */
import type { AppMetrics } from '../../observability/metrics.ts';
import type { Express, RequestHandler } from 'express';
import type { Storage } from '../../../db/storage.ts';
import type { PaymentsConfig, SellerConfig } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { ApiKeyService } from '../api-keys/api-keys.service.ts';
import type { MeteringService } from '../metering/metering.service.ts';
import type { SpendingLimits } from '../metering/spending-limits.ts';
import { BillingService } from './billing.service.ts';
import { PaymentLedger } from './payment-ledger.ts';
import { ReceiptBook } from './receipts.ts';
import { PlanExpiryNotices } from './plan-expiry-notices.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { approvalOriginsOf, PaymentsService } from './payments.service.ts';
import { PaypalClient, PaypalError } from './paypal/paypal.client.ts';
import { LocalPaypalSandbox } from './sandbox/sandbox.ts';
import { SANDBOX_PATH, sandboxRouter } from './sandbox/sandbox.routes.ts';
import { PaypalWebhooks } from './webhooks.ts';
import type { AuditLog } from '../audit/audit.service.ts';

export interface PaymentParts {
  paypal: PaypalClient;
  payments: PaymentsService;
  webhooks: PaypalWebhooks;
  billing: BillingService;
  receipts: ReceiptBook;
  /** Mails a plan's end a week ahead. */
  notices: PlanExpiryNotices;
  /** The local sandbox, in PAYMENTS=local. */
  sandbox: LocalPaypalSandbox | null;
  /** Mounts the local sandbox (before the API's 404 and the web app). */
  mount(app: Express): void;
  /** Tells the local sandbox and the client where this server listens (http://127.0.0.1:PORT). */
  listening(origin: string): void;
  close(): void;
}

export interface PaymentDeps {
  config: PaymentsConfig;
  seller: SellerConfig;
  storage: Pick<Storage, 'payments' | 'accountPlans' | 'receipts' | 'billing'>;
  apiKeys: ApiKeyService;
  metering: MeteringService;
  spending: SpendingLimits;
  logger: Logger;
  now: () => Date;
  /** The per-address limit on the local sandbox's approval pages. */
  pageLimit: RequestHandler;
  mailer: Mailer;
  /** Where mailed links point. */
  publicUrl: string;
  /** The audit log, where a plan bought is recorded. */
  audit?: Pick<AuditLog, 'record'>;
  /** Counts purchases by outcome (server/observability/metrics.ts). */
  metrics?: Pick<AppMetrics, 'payment'>;
}

const WARNINGS = {
  local: 'PAYMENTS=local: plans are "bought" through the built-in PayPal emulator, where no money moves; set PAYMENTS=off, sandbox or live before others use this server',
  unsafeLocal: 'PAYMENTS=local on a server others can reach (UNSAFE_LOCAL_PAYMENTS_ON_NETWORK=yes): anyone with an account gets any plan for nothing',
  sandbox: "PAYMENTS=sandbox: purchases go to PayPal's sandbox, where no real money moves",
} as const;

export async function createPayments(deps: PaymentDeps): Promise<PaymentParts> {
  const { config, storage, logger, now } = deps;
  let selfOrigin: string | null = null;
  const localBase = () => {
    if (!selfOrigin) throw new PaypalError(0, 'UNREACHABLE', undefined, 'the local PayPal sandbox is reachable once the server listens');
    return `${selfOrigin}${SANDBOX_PATH}`;
  };
  const sandbox = config.mode === 'local' ? new LocalPaypalSandbox({ baseUrl: localBase, webhookUrl: () => `${selfOrigin}/api/payments/webhook`, logger, now }) : null;
  const credentials = config.paypal ?? sandbox?.credentials ?? { clientId: '', clientSecret: '', webhookId: '' };
  const baseUrl = config.paypal
    ? () => config.paypal!.apiBase
    : sandbox
      ? localBase
      : () => {
          throw new PaypalError(0, 'PAYMENTS_OFF', undefined, 'payments are off on this server (PAYMENTS=off)');
        };
  if (config.mode === 'local' || config.mode === 'sandbox') logger.warn({ payments: config.mode }, WARNINGS[config.unsafeLocal ? 'unsafeLocal' : config.mode]);
  const paypal = new PaypalClient({ baseUrl, clientId: credentials.clientId, clientSecret: credentials.clientSecret });
  const receipts = new ReceiptBook(storage.receipts, deps.seller);
  const backfilled = await receipts.backfill();
  if (backfilled > 0) logger.info({ receipts: backfilled }, 'receipts issued for payments completed before receipts existed');
  const notices = new PlanExpiryNotices(storage.accountPlans, deps.mailer, deps.publicUrl, logger, now);
  void notices.run();
  const ledger = new PaymentLedger(storage.payments, () => deps.apiKeys.newSealedKey(), deps.seller, logger, now, deps.audit, deps.metrics);
  const payments = new PaymentsService(storage.payments, storage.accountPlans, paypal, ledger, logger, now, approvalOriginsOf(config));
  return {
    paypal,
    payments,
    webhooks: new PaypalWebhooks(payments, paypal, credentials.webhookId, logger),
    receipts,
    notices,
    billing: new BillingService(storage.billing, deps.metering, deps.spending, now),
    sandbox,
    mount(app) {
      if (sandbox) app.use(SANDBOX_PATH, sandboxRouter(sandbox, { pageLimit: deps.pageLimit }));
    },
    listening(origin) {
      selfOrigin = origin.replace(/\/$/, '');
    },
    close() {
      notices.close();
      sandbox?.close();
    },
  };
}
