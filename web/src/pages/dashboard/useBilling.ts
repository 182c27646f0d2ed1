/** The Billing tab's figures (GET /api/billing), polled with the usage so the two agree to the cent. */
import { useQuery } from '@tanstack/react-query';
import type { BillingView } from './types.ts';
import { USAGE_POLL_MS } from './useUsage.ts';

export const BILLING_KEY = ['/api/billing'] as const;

export function useBilling() {
  return useQuery<BillingView>({ queryKey: BILLING_KEY, refetchInterval: USAGE_POLL_MS, refetchOnWindowFocus: true, retry: 2, staleTime: 0 });
}
