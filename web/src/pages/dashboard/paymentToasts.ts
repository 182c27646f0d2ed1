/**
 * What the dashboard does with the query string it is opened with (docs/product.md §2.10): which tab
 * to open, and the toast for a payment return (/payment/return hands its outcome here), which says
 * what was paid for: a plan, a renewal or overage. The toasts are in the page's language
 * (docs/decisions/041), built once per language, so the same outcome is the same toast.
 */
import type { ToastInput } from '../../components/ui/toast.tsx';
import { currentLanguage, i18n, type Language } from '../../i18n/index.ts';
import { paymentFromQuery, type PaymentKind, type PaymentMessage } from '../../lib/checkout.ts';

export type DashboardTab = 'overview' | 'operations' | 'billing' | 'security' | 'data';
const TABS: readonly DashboardTab[] = ['overview', 'operations', 'billing', 'security', 'data'];

/** `build` run once per language, when first asked for in it. */
function perLanguage<T>(build: () => T): () => T {
  const built = new Map<Language, T>();
  return () => {
    const language = currentLanguage();
    if (!built.has(language)) built.set(language, build());
    return built.get(language)!;
  };
}

/** An object whose properties (`keys`, every one of `current()`'s) read `current()`'s when read. */
function live<T extends object>(current: () => T, keys: readonly (keyof T & string)[]): T {
  return Object.defineProperties({} as T, Object.fromEntries(keys.map((key) => [key, { get: () => current()[key], enumerable: true }])));
}

const paymentToasts = perLanguage(() => {
  const complete = i18n.t('dashboard:paymentToasts.complete');
  return {
    captured: {
      plan: { title: complete, description: i18n.t('dashboard:paymentToasts.plan'), variant: 'success' },
      renewal: { title: complete, description: i18n.t('dashboard:paymentToasts.renewal'), variant: 'success' },
      overage: { title: complete, description: i18n.t('dashboard:paymentToasts.overage'), variant: 'success' },
    },
    processing: { title: i18n.t('dashboard:paymentToasts.processing'), description: i18n.t('dashboard:paymentToasts.processingText'), variant: 'default' },
    cancelled: { title: i18n.t('dashboard:paymentToasts.cancelled'), description: i18n.t('dashboard:paymentToasts.cancelledText'), variant: 'destructive' },
    failed: { title: i18n.t('dashboard:paymentToasts.failed'), description: i18n.t('dashboard:paymentToasts.failedText'), variant: 'destructive' },
  } as const satisfies { captured: Record<PaymentKind, ToastInput> } & Record<'processing' | 'cancelled' | 'failed', ToastInput>;
});

/** A payment's outcome toasts, in the language the page is in when read. */
export const PAYMENT_TOASTS = live(paymentToasts, ['captured', 'processing', 'cancelled', 'failed']);

/** The toast for a payment's outcome. */
export function paymentToast(m: Pick<PaymentMessage, 'payment' | 'captured' | 'kind'>): ToastInput {
  if (m.payment === 'cancelled') return PAYMENT_TOASTS.cancelled;
  if (m.payment === 'failed') return PAYMENT_TOASTS.failed;
  return m.captured ? PAYMENT_TOASTS.captured[m.kind] : PAYMENT_TOASTS.processing;
}

const accountToasts = perLanguage(() => {
  const notLinked = i18n.t('dashboard:accountToasts.googleNotLinked');
  return {
    verified: { title: i18n.t('dashboard:accountToasts.verified'), description: i18n.t('dashboard:accountToasts.verifiedText'), variant: 'success' },
    notVerified: { title: i18n.t('dashboard:accountToasts.notVerified'), description: i18n.t('dashboard:accountToasts.notVerifiedText'), variant: 'destructive' },
    googleLinked: { title: i18n.t('dashboard:accountToasts.googleLinked'), description: i18n.t('dashboard:accountToasts.googleLinkedText'), variant: 'success' },
    googleInUse: { title: notLinked, description: i18n.t('dashboard:accountToasts.googleInUse'), variant: 'destructive' },
    googleFailed: { title: notLinked, description: i18n.t('dashboard:accountToasts.googleFailed'), variant: 'destructive' },
    emailChanged: { title: i18n.t('dashboard:accountToasts.emailChanged'), description: i18n.t('dashboard:accountToasts.emailChangedText'), variant: 'success' },
    emailNotChanged: { title: i18n.t('dashboard:accountToasts.emailNotChanged'), description: i18n.t('dashboard:accountToasts.emailNotChangedText'), variant: 'destructive' },
  } as const satisfies Record<string, ToastInput>;
});

/** After the verification link (?verified=1 or 0), linking Google (?google=…) or changing the email (?email=…). */
export const ACCOUNT_TOASTS = live(accountToasts, ['verified', 'notVerified', 'googleLinked', 'googleInUse', 'googleFailed', 'emailChanged', 'emailNotChanged']);

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
