/**
 * Everything a route needs, built once per app: configuration, logger, database, engine pool,
 * the route builder and the services. Routes receive this instead of importing singletons, so a
 * test can build a complete app on a temporary database.
 */
import type { RequestHandler } from 'express';
import type { Passport } from 'passport';
import type { Storage } from '../db/storage.ts';
import type { Config } from './config.ts';
import type { EnginePool } from './engine/pool.ts';
import type { ApiBuilder } from './http/route.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import type { AuthService } from './features/auth/auth.service.ts';
import type { EmailVerification } from './features/auth/email-verification.ts';
import type { AccountPasswords } from './features/auth/account-password.ts';
import type { AccountNotices } from './features/auth/account-notices.ts';
import type { EmailChanges } from './features/auth/email-change.ts';
import type { SessionService } from './features/auth/sessions.service.ts';
import type { ContactService } from './features/contact/contact.service.ts';
import type { DilionService } from './features/dilion/dilion.service.ts';
import type { AccountSlots, CallSlots } from './http/call-slots.ts';
import type { IdempotencyService } from './http/idempotency.ts';
import type { ApiKeyService } from './features/api-keys/api-keys.service.ts';
import type { OperationsService } from './features/operations/operations.service.ts';
import type { PurchasesService } from './features/purchases/purchases.service.ts';
import type { Qes2Service } from './features/qes2/qes2.service.ts';
import type { KemService } from './features/kem/kem.service.ts';
import type { ZkFidnaService } from './features/zkfidna/zkfidna.service.ts';
import type { ServiceKeyService } from './features/service-keys/service-keys.service.ts';
import type { SigningKeyService } from './features/signing-keys/signing-keys.service.ts';
import type { KeyMaterials } from './features/key-lifecycle/key-material.ts';
import type { KeyLifecycleService } from './features/key-lifecycle/key-lifecycle.service.ts';
import type { KeyImportsService } from './features/key-lifecycle/key-imports.service.ts';
import type { MeteringService } from './features/metering/metering.service.ts';
import type { SpendingLimits } from './features/metering/spending-limits.ts';
import type { BillingService } from './features/payments/billing.service.ts';
import type { ReceiptBook } from './features/payments/receipts.ts';
import type { PlanExpiryNotices } from './features/payments/plan-expiry-notices.ts';
import type { PaymentsService } from './features/payments/payments.service.ts';
import type { LocalPaypalSandbox } from './features/payments/sandbox/sandbox.ts';
import type { PaypalWebhooks } from './features/payments/webhooks.ts';
import type { AccountData } from './features/account-data/account-data.service.ts';
import type { AccountDeletion } from './features/account-data/account-deletion.ts';
import type { AccountExports } from './features/account-data/account-export.ts';
import type { TwoFactor } from './features/auth/two-factor.ts';
import type { AuditLog } from './features/audit/audit.service.ts';
import type { Readiness } from './observability/readiness.ts';

export interface AppContext {
  config: Config;
  logger: Logger;
  /** Every feature's repositories, on the configured engine (db/storage.ts, docs/decisions/050-one-storage-seam.md). */
  storage: Storage;
  pool: EnginePool;
  api: ApiBuilder;
  passport: InstanceType<typeof Passport>;
  sessionCookieName: string;
  /** Outgoing mail: SMTP, the outbox, or none (docs/decisions/037). */
  mailer: Mailer;
  limits: { auth: RequestHandler; demo: RequestHandler; demoBenchmark: RequestHandler; reads: RequestHandler; webhooks: RequestHandler; registrations: RequestHandler; contact: RequestHandler };
  /** Concurrent public calls per API key, per instance. */
  callSlots: CallSlots;
  /** Public calls running or waiting per account, all its keys together (docs/api.md §4), across instances. */
  accountSlots: AccountSlots;
  auth: AuthService;
  emailVerification: EmailVerification;
  /** The account's signed-in sessions. */
  sessions: SessionService;
  /** Mails that tell an owner what was done with their address or account. */
  accountNotices: AccountNotices;
  /** Password change and reset. */
  passwords: AccountPasswords;
  /** Changing an account's email. */
  emailChanges: EmailChanges;
  /** Two-factor sign-in (TOTP and recovery codes). */
  twoFactor: TwoFactor;
  /** Sensitive actions of an account with two-factor sign-in need a recent code (docs/decisions/039). */
  requireStepUp: RequestHandler;
  /** What an account's history keeps, and deleting it. */
  accountData: AccountData;
  accountExports: AccountExports;
  accountDeletion: AccountDeletion;
  apiKeys: ApiKeyService;
  metering: MeteringService;
  spending: SpendingLimits;
  idempotency: IdempotencyService;
  signingKeys: SigningKeyService;
  /** A managed key's material for an operation: the one lookup sign, verify-by-key and decapsulate paths call (docs/decisions/056). */
  keyMaterials: KeyMaterials;
  /** Versions, rotation, disable/enable, scheduled deletion, key imports (docs/decisions/056). */
  keyLifecycle: KeyLifecycleService;
  /** Bring your own key: HPKE-wrapped seeds imported as keys or versions. */
  keyImports: KeyImportsService;
  operations: OperationsService;
  purchases: PurchasesService;
  payments: PaymentsService;
  webhooks: PaypalWebhooks;
  billing: BillingService;
  receipts: ReceiptBook;
  planNotices: PlanExpiryNotices;
  /** The local PayPal sandbox (PAYMENTS=local), else null. */
  paypalSandbox: LocalPaypalSandbox | null;
  serviceKeys: ServiceKeyService;
  dilion: DilionService;
  qes2: Qes2Service;
  /** Encryption with the account's ML-KEM-768 keys. */
  kem: KemService;
  zkFidna: ZkFidnaService;
  contact: ContactService;
  /** The hash-chained audit log: `audit.record({ accountId, type, actor, subject?, details? }, req?)` (docs/decisions/055-audit-log.md). */
  audit: AuditLog;
  /** Whether the process takes traffic: starting, serving or draining, and the last readiness check (docs/decisions/063). */
  readiness: Readiness;
}
