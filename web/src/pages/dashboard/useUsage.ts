/**
 * The signed-in user's usage, polled every 5 s, also in the background and when the window regains
 * focus, with 2 retries; until it answers (or when it fails) the defaults of docs/product.md §3 show.
 */
import { useQuery } from '@tanstack/react-query';
import type { Usage } from './types.ts';

export const USAGE_POLL_MS = 5000;
export const DEFAULT_USAGE: Usage = { apiCallsThisMonth: 0, planLimit: 100, currentPlan: 'free', overageCharges: 0 };

export function useUsage() {
  const query = useQuery<Usage>({
    queryKey: ['/api/usage'],
    refetchInterval: USAGE_POLL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
    retry: 2,
    staleTime: 0,
  });
  return { usage: query.data ?? DEFAULT_USAGE, isLoading: query.isLoading, isError: query.isError };
}
