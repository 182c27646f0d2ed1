/**
 * Arrangements for the payment repositories' contract suites (docs/decisions/050-one-storage-seam.md):
 * each repository on the engine under test, and purchases and charges written in portable SQL.
 */
import { repositoryOn, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import { SqliteAccountPlansRepository } from './account-plans.sqlite.ts';
import { PostgresAccountPlansRepository } from './account-plans.postgres.ts';
import { SqlitePaymentsRepository } from './payments.sqlite.ts';
import { PostgresPaymentsRepository } from './payments.postgres.ts';
import type { AccountPlansRepository } from './account-plans.repository.ts';
import type { CaptureRequest, NewPlanKey, PaymentsRepository } from './payments.repository.ts';
import { SqliteReceiptsRepository } from './receipts.sqlite.ts';
import { PostgresReceiptsRepository } from './receipts.postgres.ts';
import type { ReceiptSeller, ReceiptsRepository } from './receipts.repository.ts';

export const NOW = new Date('2026-03-15T12:00:00Z');
export const SELLER: ReceiptSeller = { name: 'Seller Ltd', address: '1 Main St', email: null, taxId: null };

export const paymentsOn = (engine: EngineUnderTest) =>
  repositoryOn<PaymentsRepository>(engine, { sqlite: (d) => new SqlitePaymentsRepository(d.db), postgres: (d) => new PostgresPaymentsRepository(d.db) });
export const receiptsOn = (engine: EngineUnderTest) =>
  repositoryOn<ReceiptsRepository>(engine, { sqlite: (d) => new SqliteReceiptsRepository(d.db), postgres: (d) => new PostgresReceiptsRepository(d.db) });
export const accountPlansOn = (engine: EngineUnderTest) =>
  repositoryOn<AccountPlansRepository>(engine, { sqlite: (d) => new SqliteAccountPlansRepository(d.db), postgres: (d) => new PostgresAccountPlansRepository(d.db) });

let keys = 0;
export const newPlanKey = (): NewPlanKey => ({ keyValue: `pk_plan_${++keys}_${Date.now()}`, secretDigest: 'digest', pendingSecret: 'sealed' });

/** A capture of the purchase cleared at `now`. */
export const cleared = (purchaseId: number, captureId: string, now = NOW): CaptureRequest => ({ purchaseId, captureId, now, newPlanKey, seller: SELLER });

export interface PurchaseSeed {
  userId: string | null;
  orderId: string;
  planType?: string;
  status?: string;
  amount?: number;
  /** A completed plan's end (ms). */
  expiresAt?: number | null;
  completedAt?: number | null;
}

/** A purchase row; returns its id. */
export async function addPurchase(engine: EngineUnderTest, seed: PurchaseSeed): Promise<number> {
  const planType = seed.planType ?? 'starter';
  const planName = planType === 'overage' ? 'Overage' : planType === 'pro' ? 'Pro' : 'Starter';
  await engine.run(
    'INSERT INTO purchases (user_id, paypal_order_id, plan_type, plan_name, amount, status, expires_at, completed_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    seed.userId, seed.orderId, planType, planName, seed.amount ?? 19_900, seed.status ?? 'pending', seed.expiresAt ?? null, seed.completedAt ?? null, NOW.getTime() - 60_000,
  );
  return (await engine.one<{ id: number }>('SELECT id FROM purchases WHERE paypal_order_id = ?', seed.orderId))!.id;
}

/** A pending overage row of the account's `month`, `amount` cents, paid by `orderId`. */
export async function addOverage(engine: EngineUnderTest, userId: string, month: string, amount: number, orderId: string | null): Promise<void> {
  await engine.run(
    "INSERT INTO billing_charges (user_id, charge_type, amount, description, paypal_order_id, status, month, created_at) VALUES (?, 'overage', ?, 'Overage', ?, 'pending', ?, ?)",
    userId, amount, orderId, month, NOW.getTime(),
  );
}

/** `SELECT count(*) AS n …`'s n. */
export async function count(engine: EngineUnderTest, sql: string, ...params: unknown[]): Promise<number> {
  return (await engine.one<{ n: number }>(sql, ...params))!.n;
}
