/**
 * The repositories on PostgreSQL (docs/decisions/050-one-storage-seam.md), for one server instance
 * among several sharing the database. `instanceId` names the instance in what it holds (metering
 * holds, running idempotent requests); the caller registers its lease (`leases.registerInstance`)
 * before serving, renews it on a heartbeat, runs `metering.sweepHolds()` now and then, and
 * releases the lease at shutdown. The database's owner closes it.
 */
import { PostgresApiKeyRepository } from '../../server/features/api-keys/api-keys.postgres.ts';
import { PostgresAccountLinksRepository } from '../../server/features/auth/account-links.postgres.ts';
import { PostgresAccountsRepository } from '../../server/features/auth/accounts.postgres.ts';
import { PostgresTwoFactorRepository } from '../../server/features/auth/two-factor.postgres.ts';
import { PostgresIdempotencyRepository } from '../../server/http/idempotency.postgres.ts';
import type { InstanceLeases } from '../../server/instance-lease.repository.ts';
import { PostgresInstanceLeases } from '../../server/instance-lease.postgres.ts';
import { PostgresMeteringRepository } from '../../server/features/metering/metering.postgres.ts';
import { PostgresSpendingLimitsRepository } from '../../server/features/metering/spending-limits.postgres.ts';
import { PostgresOperationsRepository } from '../../server/features/operations/operations.postgres.ts';
import { PostgresAccountPlansRepository } from '../../server/features/payments/account-plans.postgres.ts';
import { PostgresBillingRepository } from '../../server/features/payments/billing.postgres.ts';
import { PostgresPaymentsRepository } from '../../server/features/payments/payments.postgres.ts';
import { PostgresReceiptsRepository } from '../../server/features/payments/receipts.postgres.ts';
import { PostgresPurchasesRepository } from '../../server/features/purchases/purchases.postgres.ts';
import { PostgresAccountDataRepository } from '../../server/features/account-data/account-data.postgres.ts';
import { PostgresAuditRepository } from '../../server/features/audit/audit.postgres.ts';
import { PostgresContactRepository } from '../../server/features/contact/contact.postgres.ts';
import { PostgresHealthRepository } from '../../server/features/health-and-docs/health.postgres.ts';
import { PostgresOperationHistoryRepository } from '../../server/features/operations/operation-history.postgres.ts';
import { PostgresHousekeepingRepository } from '../../server/housekeeping.postgres.ts';
import { PostgresSessionsRepository } from '../../server/features/auth/sessions.postgres.ts';
import { PostgresDemoSessionsRepository } from '../../server/features/demo/demo-session.postgres.ts';
import { PostgresServiceKeyRepository } from '../../server/features/service-keys/service-keys.postgres.ts';
import { PostgresSigningKeyRepository } from '../../server/features/signing-keys/signing-keys.postgres.ts';
import { PostgresKeyLifecycleRepository } from '../../server/features/key-lifecycle/key-lifecycle.postgres.ts';
import { PostgresKeyImportsRepository } from '../../server/features/key-lifecycle/key-imports.postgres.ts';
import type { Storage } from '../storage.ts';
import type { PostgresDatabase } from './connect.ts';

export interface PostgresStorage extends Storage {
  engine: 'postgres';
  /** With the sweeper of instances' holds. */
  metering: PostgresMeteringRepository;
  /** The instances' leases. */
  leases: InstanceLeases;
  /** This instance's name in the database. */
  instanceId: string;
}

export function openPostgresStorage(database: PostgresDatabase, instanceId: string): PostgresStorage {
  const metering = new PostgresMeteringRepository(database.db, instanceId);
  const idempotency = new PostgresIdempotencyRepository(database.db, instanceId);
  return {
    engine: 'postgres',
    instanceId,
    metering,
    idempotency,
    operations: new PostgresOperationsRepository(database.db, metering, idempotency),
    accounts: new PostgresAccountsRepository(database.db),
    accountLinks: new PostgresAccountLinksRepository(database.db),
    twoFactor: new PostgresTwoFactorRepository(database.db),
    payments: new PostgresPaymentsRepository(database.db),
    accountPlans: new PostgresAccountPlansRepository(database.db),
    receipts: new PostgresReceiptsRepository(database.db),
    billing: new PostgresBillingRepository(database.db),
    purchases: new PostgresPurchasesRepository(database.db),
    operationHistory: new PostgresOperationHistoryRepository(database.db),
    spendingLimits: new PostgresSpendingLimitsRepository(database.db),
    accountData: new PostgresAccountDataRepository(database.db),
    contact: new PostgresContactRepository(database.db),
    health: new PostgresHealthRepository(database.db),
    housekeeping: new PostgresHousekeepingRepository(database.db),
    sessions: new PostgresSessionsRepository(database.db),
    demoSessions: new PostgresDemoSessionsRepository(database.db),
    apiKeys: new PostgresApiKeyRepository(database.db),
    signingKeys: new PostgresSigningKeyRepository(database.db),
    keyLifecycle: new PostgresKeyLifecycleRepository(database.db),
    keyImports: new PostgresKeyImportsRepository(database.db),
    serviceKeys: new PostgresServiceKeyRepository(database.db),
    leases: new PostgresInstanceLeases(database.db),
    audit: new PostgresAuditRepository(database.db),
  };
}
