/** Shown where a signed-in session is needed and there is none (or it ended); `message` says what logging in shows. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export function LoginRequired({ message }: { message: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="card empty-state" data-testid="login-required">
      <h3>{t('loginRequired.heading')}</h3>
      <p className="muted">{message}</p>
      <Link href="/login" className="btn btn-primary">
        {t('loginRequired.button')}
      </Link>
    </div>
  );
}
