/**
 * What a payment's records say (docs/decisions/036): the plan key's name, the plan charge's and the
 * receipts' descriptions. Written inside the storage transactions of payments.repository.ts and
 * receipts.repository.ts, and shared by every engine's implementation so they say the same.
 */
import { isPaidTier } from './paid-plans.ts';

const day = (date: Date) => date.toISOString().slice(0, 10);

type Bought = { planName: string; renewal: boolean };

export const planKeyName = (p: Bought) => `${p.planName} plan key`;

export const planChargeText = (p: Bought) => `${p.planName} plan${p.renewal ? ' renewal' : ''}, one month`;

export const planReceiptText = (p: Bought, start: Date, end: Date) => `${p.planName} plan${p.renewal ? ' renewal' : ''}, ${day(start)} to ${day(end)}`;

/** `months`: oldest first. */
export const overageReceiptText = (amount: number, months: string[]) =>
  `Overage ${months[0] ?? ''}${months.length > 1 ? ` to ${months.at(-1)}` : ''}: ${amount.toLocaleString('en-US')} calls beyond the allowance at $0.01`;

export const deletedAccountReceiptText = (p: { planName: string; planType: string }) => `${p.planName}${isPaidTier(p.planType) ? ' plan' : ''}, paid after its account was deleted`;

export const creditNoteText = (reason: 'refunded' | 'reversed', receipt: { number: string; description: string }) =>
  `${reason === 'refunded' ? 'Refund' : 'Reversal (chargeback)'} of ${receipt.number}: ${receipt.description}`;

/** The receipt of a payment completed before receipts existed. */
export const backfilledReceiptText = (p: { planType: string; planName: string; expiresAt: Date | null }) =>
  p.planType === 'overage' ? 'Overage balance' : `${p.planName} plan, one month${p.expiresAt ? ` to ${day(p.expiresAt)}` : ''}`;
