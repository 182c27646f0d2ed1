/**
 * The account's standing above the tabs (docs/api.md §12): an unverified email, with a button that
 * sends a new link (buying a plan needs a verified email), and "Link Google" when Google sign-in is
 * on and not yet linked. It says where the link goes (docs/decisions/037): a mailbox, this server's
 * outbox, or nowhere; it never says a mail was sent when it was not.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast.tsx';
import type { AuthUser } from '../../hooks/useAuth.ts';
import { useMailMode, usePaymentsMode } from '../../hooks/useHealth.ts';
import type { z } from 'zod';
import type { VerificationSent } from '../../../../server/contract/auth.ts';
import { apiRequest, errorMessage } from '../../lib/api.ts';

async function googleEnabled(): Promise<boolean> {
  const body = await apiRequest<{ google: boolean }>('GET', '/api/auth/providers');
  return body.google;
}

export function AccountStatus({ user }: { user: AuthUser }) {
  const { data: google } = useQuery({ queryKey: ['/api/auth/providers'], queryFn: googleEnabled });
  const selling = usePaymentsMode() !== 'off';
  const mail = useMailMode();
  const resend = useMutation({
    mutationFn: () => apiRequest<z.infer<typeof VerificationSent>>('POST', '/api/auth/verify-email/resend'),
    onSuccess: ({ delivery }) =>
      toast(
        delivery === 'sent'
          ? { title: 'Verification link sent', description: `Check ${user.email} for the new link.`, variant: 'success' }
          : delivery === 'kept'
            ? { title: 'Verification link in the outbox', description: 'This server has no SMTP: open /outbox on the machine it runs on, and follow the link there.', variant: 'success' }
            : { title: 'No mail sent', description: 'This server cannot send mail: ask its operator to set SMTP_URL.', variant: 'destructive' },
      ),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Could not send a new link'), variant: 'destructive' }),
  });
  if (user.emailVerified && (user.googleLinked || !google)) return null;
  return (
    <div className="account-status" data-testid="account-status">
      {!user.emailVerified && (
        <div className="alert alert-warning" role="status">
          <span>
          <strong>Verify your email.</strong>{' '}
          {mail === 'outbox' ? (
            <>
              This server has no SMTP, so it kept the link for {user.email} in its outbox: open <a href="/outbox">/outbox</a> on the machine it
              runs on.
            </>
          ) : mail === 'none' ? (
            <>This server cannot send mail, so no link was sent to {user.email}: ask its operator.</>
          ) : (
            <>Open the link we sent to {user.email}.</>
          )}{' '}
          Your plan and API keys work already{selling ? '; buying a plan needs a verified email.' : '.'}
          </span>
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
