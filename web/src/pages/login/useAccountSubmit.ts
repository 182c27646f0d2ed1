/**
 * Posts a sign-in (the password, or the two-factor code after it), then (docs/product.md §4) stores
 * the user in the auth query cache and goes to /. An account with two-factor sign-in answers the
 * password with a request for its code instead (docs/decisions/039).
 * Failures become the alert texts of docs/product.md §8 (refusal.ts): the server's message, else the
 * fallback; a network failure gets its own "Please try again" text.
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { apiRequest } from '../../lib/api.ts';
import { queryClient } from '../../lib/queryClient.ts';
import { AUTH_KEY, type AuthUser } from '../../hooks/useAuth.ts';
import { refusal, type AccountRequest } from './refusal.ts';

type SignInPath = '/api/auth/login' | '/api/auth/login/two-factor';
export type SignInOutcome = 'opened' | 'two-factor' | 'failed';

/** `failure`: which request's texts a refusal reads (the password sign-in of Sign Up reads Sign Up's). */
export function useAccountSubmit(path: SignInPath, failure: AccountRequest, then?: string) {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  /** Resolves to whether the account opened, or needs its two-factor code next. */
  async function submit(body: Record<string, string>): Promise<SignInOutcome> {
    setPending(true);
    setAlert(null);
    try {
      const answer = await apiRequest<AuthUser | { twoFactorRequired: true }>('POST', path, body);
      if ('twoFactorRequired' in answer) {
        setPending(false);
        return 'two-factor';
      }
      queryClient.setQueryData(AUTH_KEY, answer);
      // A server route (a verification link) is a full navigation; the app's own pages are not.
      if (then) window.location.assign(then);
      else navigate('/');
      return 'opened';
    } catch (error) {
      setAlert(refusal(error, failure));
      setPending(false);
      return 'failed';
    }
  }

  return { submit, pending, alert, setAlert };
}
