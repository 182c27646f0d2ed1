/**
 * Auth state (docs/product.md §4): loading first; authenticated with the user when GET /api/auth/user
 * answers one; unauthenticated without an error when it answers null (signed out is a 200, not an
 * error the browser logs: docs/api.md §12) or another non-OK status; unauthenticated with an error
 * when the network fails. `refetch` re-reads it.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CurrentUser, User } from '../../../server/contract/auth.ts';

export type AuthUser = z.infer<typeof User>;

export const AUTH_KEY = ['/api/auth/user'] as const;

async function fetchUser(): Promise<AuthUser | null> {
  const res = await fetch('/api/auth/user', { credentials: 'include' });
  if (!res.ok) return null;
  // The server checks this answer against CurrentUser before sending it (outside production); the
  // page takes the type only, so zod stays out of the bundle every page loads.
  const body = (await res.json()) as z.infer<typeof CurrentUser>;
  return body && typeof body.id === 'string' ? body : null;
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
