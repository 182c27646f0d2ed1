/**
 * The Operations tab's list: the latest 10 and the total, polled every 2 s and when the window
 * regains focus. A failure shows an empty list, except a lost session, which asks to log in.
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import type { Recent } from './types.ts';

export const OPERATIONS_POLL_MS = 2000;

export function useRecentOperations() {
  const query = useQuery<Recent>({
    queryKey: ['/api/operations/recent'],
    refetchInterval: OPERATIONS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  return {
    operations: query.data?.operations ?? [],
    total: query.data?.total ?? 0,
    isLoading: query.isLoading,
    loginRequired: query.error instanceof ApiError && query.error.status === 401,
  };
}
