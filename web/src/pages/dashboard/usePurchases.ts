/** Purchase history and plan keys (GET /api/user/purchases), and a plan key's one reveal. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { keepSecret } from './secretStore.ts';
import type { Purchases, Revealed } from './types.ts';
import { USAGE_POLL_MS } from './useUsage.ts';

const PURCHASES_KEY = ['/api/user/purchases'] as const;

/** Polled with the usage, so a plan key's calls this month rise on screen as they are made. */
export function usePurchases() {
  return useQuery<Purchases>({ queryKey: PURCHASES_KEY, staleTime: 0, refetchOnMount: 'always', refetchInterval: USAGE_POLL_MS });
}

export function useRevealPlanKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<Revealed>('POST', `/api/keys/${id}/reveal-secret`).then((r) => keepSecret(`plan:${r.id}`, r.keySecret)),
    onSettled: () => client.invalidateQueries({ queryKey: PURCHASES_KEY }),
  });
}
