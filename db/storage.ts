/**
 * The storage seam (docs/decisions/050-one-storage-seam.md): one Storage per process, holding the
 * repositories of one engine. Services take their repository from here and never see a
 * connection.
 *
 * Every feature's storage is here (decision 050's order, fulfilled): the money path (metering,
 * the group commit of operation records, Idempotency-Key records, spending limits), accounts,
 * sessions and the demo's owners, keys, payments, operation history, account data, contact
 * messages, health and housekeeping. What must agree across instances beyond these repositories
 * (the login throttle, per-IP limits, the per-account cap, express-session's store) has stores of
 * its own, chosen with the engine (server/app-storage.ts). The PostgreSQL assembly is
 * db/postgres/storage.ts.
 */
import type { AppDatabase } from './connection.ts';
import type { ApiKeyRepository } from '../server/features/api-keys/api-keys.repository.ts';
import { SqliteApiKeyRepository } from '../server/features/api-keys/api-keys.sqlite.ts';
import type { AccountLinksRepository } from '../server/features/auth/account-links.repository.ts';
import { SqliteAccountLinksRepository } from '../server/features/auth/account-links.sqlite.ts';
import type { AccountsRepository } from '../server/features/auth/accounts.repository.ts';
import { SqliteAccountsRepository } from '../server/features/auth/accounts.sqlite.ts';
import type { TwoFactorRepository } from '../server/features/auth/two-factor.repository.ts';
import { SqliteTwoFactorRepository } from '../server/features/auth/two-factor.sqlite.ts';
import type { AccountDataRepository } from '../server/features/account-data/account-data.repository.ts';
import { SqliteAccountDataRepository } from '../server/features/account-data/account-data.sqlite.ts';
import type { AuditRepository } from '../server/features/audit/audit.repository.ts';
import { SqliteAuditRepository } from '../server/features/audit/audit.sqlite.ts';
import type { ContactRepository } from '../server/features/contact/contact.repository.ts';
import { SqliteContactRepository } from '../server/features/contact/contact.sqlite.ts';
import type { HealthRepository } from '../server/features/health-and-docs/health.repository.ts';
import { SqliteHealthRepository } from '../server/features/health-and-docs/health.sqlite.ts';
import type { HousekeepingRepository } from '../server/housekeeping.repository.ts';
import { SqliteHousekeepingRepository } from '../server/housekeeping.sqlite.ts';
import type { IdempotencyRepository } from '../server/http/idempotency.repository.ts';
import { SqliteIdempotencyRepository } from '../server/http/idempotency.sqlite.ts';
import type { MeteringRepository } from '../server/features/metering/metering.repository.ts';
import { SqliteMeteringRepository } from '../server/features/metering/metering.sqlite.ts';
import type { SpendingLimitsRepository } from '../server/features/metering/spending-limits.repository.ts';
import { SqliteSpendingLimitsRepository } from '../server/features/metering/spending-limits.sqlite.ts';
import type { OperationsRepository } from '../server/features/operations/operations.repository.ts';
import { SqliteOperationsRepository } from '../server/features/operations/operations.sqlite.ts';
import type { AccountPlansRepository } from '../server/features/payments/account-plans.repository.ts';
import { SqliteAccountPlansRepository } from '../server/features/payments/account-plans.sqlite.ts';
import type { BillingRepository } from '../server/features/payments/billing.repository.ts';
import { SqliteBillingRepository } from '../server/features/payments/billing.sqlite.ts';
import type { PaymentsRepository } from '../server/features/payments/payments.repository.ts';
import { SqlitePaymentsRepository } from '../server/features/payments/payments.sqlite.ts';
import type { ReceiptsRepository } from '../server/features/payments/receipts.repository.ts';
import { SqliteReceiptsRepository } from '../server/features/payments/receipts.sqlite.ts';
import type { PurchasesRepository } from '../server/features/purchases/purchases.repository.ts';
import { SqlitePurchasesRepository } from '../server/features/purchases/purchases.sqlite.ts';
import type { OperationHistoryRepository } from '../server/features/operations/operation-history.repository.ts';
import { SqliteOperationHistoryRepository } from '../server/features/operations/operation-history.sqlite.ts';
import type { SessionsRepository } from '../server/features/auth/sessions.repository.ts';
import { SqliteSessionsRepository } from '../server/features/auth/sessions.sqlite.ts';
import type { DemoSessionsRepository } from '../server/features/demo/demo-session.repository.ts';
import { SqliteDemoSessionsRepository } from '../server/features/demo/demo-session.sqlite.ts';
import type { ServiceKeyRepository } from '../server/features/service-keys/service-keys.repository.ts';
import { SqliteServiceKeyRepository } from '../server/features/service-keys/service-keys.sqlite.ts';
import type { SigningKeyRepository } from '../server/features/signing-keys/signing-keys.repository.ts';
import { SqliteSigningKeyRepository } from '../server/features/signing-keys/signing-keys.sqlite.ts';
import type { KeyLifecycleRepository } from '../server/features/key-lifecycle/key-lifecycle.repository.ts';
import { SqliteKeyLifecycleRepository } from '../server/features/key-lifecycle/key-lifecycle.sqlite.ts';
import type { KeyImportsRepository } from '../server/features/key-lifecycle/key-imports.repository.ts';
import { SqliteKeyImportsRepository } from '../server/features/key-lifecycle/key-imports.sqlite.ts';

export interface Storage {
  /** The engine's name, for health and the configuration's report. */
  engine: 'sqlite' | 'postgres';
  metering: MeteringRepository;
  operations: OperationsRepository;
  idempotency: IdempotencyRepository;
  accounts: AccountsRepository;
  accountLinks: AccountLinksRepository;
  twoFactor: TwoFactorRepository;
  /** Checkouts, captures, refunds: the purchase flow. */
  payments: PaymentsRepository;
  /** An account's purchased plan, the operator's grants, plan-end notices. */
  accountPlans: AccountPlansRepository;
  receipts: ReceiptsRepository;
  billing: BillingRepository;
  /** The dashboard's purchases and plan keys. */
  purchases: PurchasesRepository;
  operationHistory: OperationHistoryRepository;
  /** The accounts' ceilings on overage and their alerts (metering reads the limit itself at admission). */
  spendingLimits: SpendingLimitsRepository;
  accountData: AccountDataRepository;
  contact: ContactRepository;
  health: HealthRepository;
  housekeeping: HousekeepingRepository;
  /** An account's signed-in sessions, listed and ended (express-session's own store is server/http/session-store.ts). */
  sessions: SessionsRepository;
  demoSessions: DemoSessionsRepository;
  apiKeys: ApiKeyRepository;
  signingKeys: SigningKeyRepository;
  /** Managed keys' versions, states and rotation (docs/decisions/056). */
  keyLifecycle: KeyLifecycleRepository;
  keyImports: KeyImportsRepository;
  serviceKeys: ServiceKeyRepository;
  /** The hash-chained audit log of key and account events (docs/decisions/055-audit-log.md). */
  audit: AuditRepository;
}

/** The repositories on an open SQLite database; the database's owner closes it. */
export function openSqliteStorage(database: AppDatabase): Storage {
  const metering = new SqliteMeteringRepository(database.db);
  const idempotency = new SqliteIdempotencyRepository(database.db);
  return {
    engine: 'sqlite',
    metering,
    idempotency,
    operations: new SqliteOperationsRepository(database.sqlite, metering, idempotency),
    accounts: new SqliteAccountsRepository(database.db),
    accountLinks: new SqliteAccountLinksRepository(database.db),
    twoFactor: new SqliteTwoFactorRepository(database.db),
    payments: new SqlitePaymentsRepository(database.db),
    accountPlans: new SqliteAccountPlansRepository(database.db),
    receipts: new SqliteReceiptsRepository(database.db),
    billing: new SqliteBillingRepository(database.db),
    purchases: new SqlitePurchasesRepository(database.db),
    operationHistory: new SqliteOperationHistoryRepository(database.db),
    spendingLimits: new SqliteSpendingLimitsRepository(database.db),
    accountData: new SqliteAccountDataRepository(database.db),
    contact: new SqliteContactRepository(database.db),
    health: new SqliteHealthRepository(database.sqlite),
    housekeeping: new SqliteHousekeepingRepository(database.sqlite),
    sessions: new SqliteSessionsRepository(database.sqlite),
    demoSessions: new SqliteDemoSessionsRepository(database.sqlite),
    apiKeys: new SqliteApiKeyRepository(database.db),
    signingKeys: new SqliteSigningKeyRepository(database.db),
    keyLifecycle: new SqliteKeyLifecycleRepository(database.db),
    keyImports: new SqliteKeyImportsRepository(database.db),
    serviceKeys: new SqliteServiceKeyRepository(database.db),
    audit: new SqliteAuditRepository(database.sqlite),
  };
}
