/**
 * Posts a sign-in, then (docs/product.md §4) stores the user in the auth query cache and goes to /.
 * Failures become the alert texts of docs/product.md §8: the server's message, else the fallback; a network
 * failure gets its own "Please try again" text.
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { queryClient } from '../../lib/queryClient.ts';
import { AUTH_KEY, type AuthUser } from '../../hooks/useAuth.ts';

export function useAccountSubmit(path: '/api/auth/login', failure: { server: string; network: string }, then?: string) {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  /** Resolves to whether the account opened. */
  async function submit(body: Record<string, string>): Promise<boolean> {
    setPending(true);
    setAlert(null);
    try {
      const user = await apiRequest<AuthUser>('POST', path, body);
      queryClient.setQueryData(AUTH_KEY, user);
      // A server route (a verification link) is a full navigation; the app's own pages are not.
      if (then) window.location.assign(then);
      else navigate('/');
      return true;
    } catch (error) {
      setAlert(error instanceof ApiError ? error.serverMessage || failure.server : failure.network);
      setPending(false);
      return false;
    }
  }

  return { submit, pending, alert, setAlert };
}
