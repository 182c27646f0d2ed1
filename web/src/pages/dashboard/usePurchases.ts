/** Purchase history and plan keys (GET /api/user/purchases); a plan key's secret and life go through the API-key actions. */
import { useQuery } from '@tanstack/react-query';
import type { Purchases } from './types.ts';
import { USAGE_POLL_MS } from './useUsage.ts';

const PURCHASES_KEY = ['/api/user/purchases'] as const;

/** Polled with the usage, so a plan key's calls this month rise on screen as they are made. */
export function usePurchases() {
  return useQuery<Purchases>({ queryKey: PURCHASES_KEY, staleTime: 0, refetchOnMount: 'always', refetchInterval: USAGE_POLL_MS });
}
