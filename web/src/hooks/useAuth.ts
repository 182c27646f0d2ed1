/**
 * Auth state (docs/product.md §4): loading first; authenticated with the user when GET /api/auth/user
 * succeeds; unauthenticated without error on a non-OK answer; unauthenticated with an error when
 * the network fails. `refetch` re-reads it.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { User } from '../../../server/contract/auth.ts';

export type AuthUser = z.infer<typeof User>;

export const AUTH_KEY = ['/api/auth/user'] as const;

async function fetchUser(): Promise<AuthUser | null> {
  const res = await fetch('/api/auth/user', { credentials: 'include' });
  if (!res.ok) return null;
  return (await res.json()) as AuthUser;
}

export function useAuth() {
  const query = useQuery({ queryKey: AUTH_KEY, queryFn: fetchUser });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAuthenticated: !!query.data,
    error: query.error,
    refetch: query.refetch,
  };
}
