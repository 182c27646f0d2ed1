/** This month's API calls per UTC day and algorithm, refreshed with the usage figures. */
import { useQuery } from '@tanstack/react-query';
import type { Daily } from './types.ts';
import { USAGE_POLL_MS } from './useUsage.ts';

export function useDailyUsage() {
  return useQuery<Daily>({ queryKey: ['/api/usage/daily'], refetchInterval: USAGE_POLL_MS, refetchOnWindowFocus: true, staleTime: 0 });
}
