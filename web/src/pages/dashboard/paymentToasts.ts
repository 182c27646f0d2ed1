/**
 * What the dashboard does with the query string it is opened with (docs/product.md §2.10): which tab
 * to open, and the Korean toast for a payment return (/payment/return hands its outcome here).
 */
import type { ToastInput } from '../../components/ui/toast.tsx';

export type DashboardTab = 'overview' | 'operations' | 'billing';
const TABS: readonly DashboardTab[] = ['overview', 'operations', 'billing'];

export const PAYMENT_TOASTS = {
  captured: { title: '결제 완료', description: '결제가 완료되었습니다. 플랜이 업그레이드되었습니다.', variant: 'success' },
  processing: { title: '결제 처리 중', description: '결제를 확인하고 있습니다. 확인이 끝나면 플랜이 업그레이드됩니다.', variant: 'default' },
  cancelled: { title: '결제 취소', description: '결제가 취소되었습니다. 플랜은 바뀌지 않았습니다.', variant: 'destructive' },
  failed: { title: '결제 실패', description: '결제를 완료하지 못했습니다. 청구된 금액은 없으며 플랜은 바뀌지 않았습니다.', variant: 'destructive' },
} as const satisfies Record<string, ToastInput>;

/** After the verification link (?verified=1 or 0) or linking Google (?google=…). */
export const ACCOUNT_TOASTS = {
  verified: { title: 'Email verified', description: 'Thank you: your email is verified.', variant: 'success' },
  notVerified: { title: 'Email not verified', description: 'That link is spent, replaced or expired: send yourself a new one.', variant: 'destructive' },
  googleLinked: { title: 'Google linked', description: 'Google sign-in now opens this account too.', variant: 'success' },
  googleInUse: { title: 'Google not linked', description: 'That Google account already opens another account.', variant: 'destructive' },
  googleFailed: { title: 'Google not linked', description: 'Google did not complete: try again.', variant: 'destructive' },
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
  const payment = params.get('payment');
  let toast: ToastInput | null = null;
  if (payment === 'success') toast = params.get('captured') === 'true' ? PAYMENT_TOASTS.captured : PAYMENT_TOASTS.processing;
  else if (payment === 'cancelled') toast = PAYMENT_TOASTS.cancelled;
  else if (payment === 'failed') toast = PAYMENT_TOASTS.failed;
  const verified = params.get('verified');
  if (verified === '1') toast = ACCOUNT_TOASTS.verified;
  else if (verified === '0') toast = ACCOUNT_TOASTS.notVerified;
  const google = params.get('google');
  if (google === 'linked') toast = ACCOUNT_TOASTS.googleLinked;
  else if (google === 'in_use') toast = ACCOUNT_TOASTS.googleInUse;
  else if (google === 'failed') toast = ACCOUNT_TOASTS.googleFailed;
  return { tab, toast, reset: [...params.keys()].length > 0 };
}
