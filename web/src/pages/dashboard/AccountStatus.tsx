/**
 * The account's standing above the tabs (docs/api.md §12): an unverified email, with a button that
 * sends a new link (buying a plan needs a verified email), and "Link Google" when Google sign-in is
 * on and not yet linked. It says where the link goes (docs/decisions/037): a mailbox, this server's
 * outbox, or nowhere; it never says a mail was sent when it was not.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('dashboard');
  const { data: google } = useQuery({ queryKey: ['/api/auth/providers'], queryFn: googleEnabled });
  const selling = usePaymentsMode() !== 'off';
  const mail = useMailMode();
  const resend = useMutation({
    mutationFn: () => apiRequest<z.infer<typeof VerificationSent>>('POST', '/api/auth/verify-email/resend'),
    onSuccess: ({ delivery }) =>
      toast(
        delivery === 'sent'
          ? { title: t('accountStatus.toast.sent.title'), description: t('accountStatus.toast.sent.description', { email: user.email }), variant: 'success' }
          : delivery === 'kept'
            ? { title: t('accountStatus.toast.kept.title'), description: t('accountStatus.toast.kept.description'), variant: 'success' }
            : { title: t('accountStatus.toast.none.title'), description: t('accountStatus.toast.none.description'), variant: 'destructive' },
      ),
    onError: (error) => toast({ title: t('shared.error'), description: errorMessage(error, t('accountStatus.toast.failed')), variant: 'destructive' }),
  });
  if (user.emailVerified && (user.googleLinked || !google)) return null;
  return (
    <div className="account-status" data-testid="account-status">
      {!user.emailVerified && (
        <div className="alert alert-warning" role="status">
          <span>
            <strong>{t('accountStatus.verify')}</strong>{' '}
            {mail === 'outbox' ? (
              <Trans t={t} i18nKey="accountStatus.outbox" values={{ email: user.email }} components={{ a: <a href="/outbox" /> }} />
            ) : mail === 'none' ? (
              t('accountStatus.noMail', { email: user.email })
            ) : (
              t('accountStatus.sent', { email: user.email })
            )}{' '}
            {t(selling ? 'accountStatus.worksBuying' : 'accountStatus.works')}
          </span>
          <button type="button" className="btn btn-secondary btn-sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? t('shared.sending') : t('accountStatus.resend')}
          </button>
        </div>
      )}
      {google && !user.googleLinked && (
        <p className="muted">
          <Trans t={t} i18nKey="accountStatus.google" components={{ a: <a href="/api/auth/google/link" /> }} />
        </p>
      )}
    </div>
  );
}
