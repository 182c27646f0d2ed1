/**
 * What the dashboard does with the query string it is opened with (docs/product.md §2.10): which tab
 * to open, and the toast for a payment return (/payment/return hands its outcome here), which says
 * what was paid for: a plan, a renewal or overage. In English, as the rest of the site; Korean comes
 * with the site's localisation (docs/decisions/036).
 */
import type { ToastInput } from '../../components/ui/toast.tsx';
import { paymentFromQuery, type PaymentKind, type PaymentMessage } from '../../lib/checkout.ts';

export type DashboardTab = 'overview' | 'operations' | 'billing' | 'security' | 'data';
const TABS: readonly DashboardTab[] = ['overview', 'operations', 'billing', 'security', 'data'];

export const PAYMENT_TOASTS = {
  captured: {
    plan: { title: 'Payment complete', description: 'Your new plan is active, and its receipt is on the Billing tab.', variant: 'success' },
    renewal: { title: 'Payment complete', description: 'Your plan is renewed for another month; the receipt is on the Billing tab.', variant: 'success' },
    overage: { title: 'Payment complete', description: 'Your overage is paid; the receipt is on the Billing tab.', variant: 'success' },
  },
  processing: { title: 'Payment processing', description: 'PayPal is still confirming the payment: it takes effect as soon as it clears.', variant: 'default' },
  cancelled: { title: 'Payment cancelled', description: 'Nothing was charged, and nothing changed.', variant: 'destructive' },
  failed: { title: 'Payment failed', description: 'The payment did not go through: nothing was charged, and nothing changed.', variant: 'destructive' },
} as const satisfies { captured: Record<PaymentKind, ToastInput> } & Record<'processing' | 'cancelled' | 'failed', ToastInput>;

/** The toast for a payment's outcome. */
export function paymentToast(m: Pick<PaymentMessage, 'payment' | 'captured' | 'kind'>): ToastInput {
  if (m.payment === 'cancelled') return PAYMENT_TOASTS.cancelled;
  if (m.payment === 'failed') return PAYMENT_TOASTS.failed;
  return m.captured ? PAYMENT_TOASTS.captured[m.kind] : PAYMENT_TOASTS.processing;
}

/** After the verification link (?verified=1 or 0) or linking Google (?google=…). */
export const ACCOUNT_TOASTS = {
  verified: { title: 'Email verified', description: 'Thank you: your email is verified.', variant: 'success' },
  notVerified: { title: 'Email not verified', description: 'That link is spent, replaced or expired: send yourself a new one.', variant: 'destructive' },
  googleLinked: { title: 'Google linked', description: 'Google sign-in now opens this account too.', variant: 'success' },
  googleInUse: { title: 'Google not linked', description: 'That Google account already opens another account.', variant: 'destructive' },
  googleFailed: { title: 'Google not linked', description: 'Google did not complete: try again.', variant: 'destructive' },
  emailChanged: { title: 'Email changed', description: 'Your new address is now your email, and it is verified.', variant: 'success' },
  emailNotChanged: { title: 'Email not changed', description: 'That link is spent, expired, for another account, or the address is taken now: ask for a new one.', variant: 'destructive' },
} as const satisfies Record<string, ToastInput>;

export interface QueryActions {
  tab: DashboardTab | null;
  toast: ToastInput | null;
  /** Whether the address carried anything to act on, and so should be reset to /dashboard. */
  reset: boolean;
}

export function readQuery(search: string): QueryActions {
  const params = new URLSearchParams(search);
  const tabParam = params.get('tab');
  const tab = TABS.find((t) => t === tabParam) ?? null;
  const message = paymentFromQuery(search);
  let toast: ToastInput | null = message ? paymentToast(message) : null;
  const verified = params.get('verified');
  if (verified === '1') toast = ACCOUNT_TOASTS.verified;
  else if (verified === '0') toast = ACCOUNT_TOASTS.notVerified;
  const google = params.get('google');
  if (google === 'linked') toast = ACCOUNT_TOASTS.googleLinked;
  else if (google === 'in_use') toast = ACCOUNT_TOASTS.googleInUse;
  else if (google === 'failed') toast = ACCOUNT_TOASTS.googleFailed;
  const email = params.get('email');
  if (email === 'changed') toast = ACCOUNT_TOASTS.emailChanged;
  else if (email === 'failed') toast = ACCOUNT_TOASTS.emailNotChanged;
  return { tab, toast, reset: [...params.keys()].length > 0 };
}
