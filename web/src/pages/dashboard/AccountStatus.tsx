/**
 * The account's standing above the tabs (docs/api.md §12): an unverified email, with a button that
 * sends a new link (buying a plan needs a verified email), and "Link Google" when Google sign-in is
 * on and not yet linked.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast.tsx';
import type { AuthUser } from '../../hooks/useAuth.ts';
import { usePaymentsMode } from '../../hooks/usePaymentsMode.ts';
import { apiRequest, errorMessage } from '../../lib/api.ts';

async function googleEnabled(): Promise<boolean> {
  const body = await apiRequest<{ google: boolean }>('GET', '/api/auth/providers');
  return body.google;
}

export function AccountStatus({ user }: { user: AuthUser }) {
  const { data: google } = useQuery({ queryKey: ['/api/auth/providers'], queryFn: googleEnabled });
  const selling = usePaymentsMode() !== 'off';
  const resend = useMutation({
    mutationFn: () => apiRequest<{ mailed: boolean }>('POST', '/api/auth/verify-email/resend'),
    onSuccess: ({ mailed }) =>
      toast({
        title: 'Verification link sent',
        description: mailed ? `Check ${user.email} for the new link.` : 'This server sends no mail: a development server prints the link to its log.',
        variant: 'success',
      }),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Could not send a new link'), variant: 'destructive' }),
  });
  if (user.emailVerified && (user.googleLinked || !google)) return null;
  return (
    <div className="account-status" data-testid="account-status">
      {!user.emailVerified && (
        <div className="alert alert-warning" role="status">
          <strong>Verify your email.</strong> Open the link we sent to {user.email}. Your plan and API keys work already
          {selling ? '; buying a plan needs a verified email.' : '.'}{' '}
          <button type="button" className="btn btn-secondary btn-sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? 'Sending...' : 'Send a new link'}
          </button>
        </div>
      )}
      {google && !user.googleLinked && (
        <p className="muted">
          Sign in with Google too: <a href="/api/auth/google/link">Link Google</a>.
        </p>
      )}
    </div>
  );
}
