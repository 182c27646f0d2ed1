/**
 * The state changes of a payment (docs/api.md §14.4), each one atomic step of PaymentsRepository:
 * of any number of returns, captures and webhooks for one order, running at once or replayed,
 * exactly one moves a purchase from pending or processing to completed, so exactly one plan key,
 * one charge and one change of plan follow. Every change is logged with the purchase id, never a
 * token or secret.
 */
import type { Logger } from '../../logger.ts';
import type { NewPlanKey, PaymentsRepository, PurchaseRow } from './payments.repository.ts';
import type { ReceiptSeller } from './receipts.repository.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { NO_METRICS, type AppMetrics } from '../../observability/metrics.ts';

export type { PurchaseRow } from './payments.repository.ts';
export type Outcome = 'captured' | 'processing' | 'failed' | 'cancelled';

export class PaymentLedger {
  constructor(
    private readonly repository: PaymentsRepository,
    /** Makes a plan key's values, its secret sealed (ApiKeyService.newSealedKey). */
    private readonly newPlanKey: () => NewPlanKey,
    private readonly seller: ReceiptSeller,
    private readonly logger: Logger,
    private readonly now: () => Date,
    /** Where a plan bought is recorded in the account's audit log (docs/decisions/055-audit-log.md). */
    private readonly audit?: Pick<AuditLog, 'record'>,
    /** Counts each purchase that ends or is undone, once, by outcome (server/observability/metrics.ts). */
    private readonly metrics: Pick<AppMetrics, 'payment'> = NO_METRICS,
  ) {}

  byOrder(orderId: string): Promise<PurchaseRow | undefined> {
    return this.repository.purchaseByOrder(orderId);
  }

  byCapture(captureId: string): Promise<PurchaseRow | undefined> {
    return this.repository.purchaseByCapture(captureId);
  }

  /** What a purchase's state means to the payer coming back from PayPal. */
  static outcomeOf(status: string): Outcome {
    if (status === 'completed') return 'captured';
    if (status === 'processing' || status === 'pending') return 'processing';
    if (status === 'cancelled') return 'cancelled';
    return 'failed';
  }

  /** The capture cleared: complete the purchase and deliver what was bought, once. */
  async complete(purchaseId: number, captureId: string): Promise<Outcome> {
    const result = await this.repository.capturePurchase({ purchaseId, captureId, now: this.now(), newPlanKey: this.newPlanKey, seller: this.seller });
    if (result.kind === 'unchanged') return PaymentLedger.outcomeOf(result.status ?? 'failed');
    const { purchase, delivery } = result;
    this.metrics.payment('completed');
    if (delivery.kind === 'nothing') {
      this.logger.warn({ purchaseId }, 'payment: completed for a deleted account, nothing delivered');
      return 'captured';
    }
    if (delivery.kind === 'plan') {
      this.logger.info({ purchaseId, planKeyId: delivery.planKeyId, tier: delivery.plan.tier }, 'payment: plan key issued and plan set');
      await this.audit?.record({
        accountId: purchase.userId!, type: 'plan.purchased', actor: 'system', subject: purchaseId,
        details: { plan: delivery.plan.tier, expiresAt: delivery.plan.expiresAt?.toISOString() ?? null, amountCents: purchase.amount, planKeyId: delivery.planKeyId },
      });
    } else {
      if (delivery.paid !== purchase.amount) this.logger.error({ purchaseId, paid: delivery.paid, amount: purchase.amount }, 'payment: overage settled differs from the amount paid');
      this.logger.info({ purchaseId, rows: delivery.rows, paid: delivery.paid }, 'payment: overage settled');
    }
    this.logger.info({ purchaseId, planType: purchase.planType, amount: purchase.amount }, 'payment: purchase completed');
    return 'captured';
  }

  /** PayPal holds the capture for now (an eCheck): the payer sees "processing" until it clears. */
  async processing(purchaseId: number, captureId: string): Promise<Outcome> {
    const { changed, status } = await this.repository.markProcessing(purchaseId, captureId);
    if (changed) this.logger.info({ purchaseId }, 'payment: capture pending at PayPal');
    return PaymentLedger.outcomeOf(status);
  }

  /** Ends an open purchase without delivering anything: declined, cancelled, or not what was offered. */
  async close(purchaseId: number, status: 'failed' | 'cancelled', reason: string): Promise<void> {
    if (!(await this.repository.closePurchase(purchaseId, status))) return;
    this.metrics.payment(status);
    this.logger.info({ purchaseId, status, reason }, 'payment: purchase closed');
  }

  /**
   * A refund or reversal: the plan stops, its charge is marked, the account's plan is recomputed.
   * The plan key stays: it is one of the account's keys, drawing on whatever plan the account is on
   * (docs/decisions/036).
   */
  async reverse(purchaseId: number, status: 'refunded' | 'reversed'): Promise<boolean> {
    const changed = await this.repository.reversePurchase({ purchaseId, status, now: this.now(), seller: this.seller });
    if (changed) {
      this.metrics.payment(status);
      this.logger.info({ purchaseId, status }, 'payment: purchase reversed, plan ended');
    }
    return changed;
  }
}
