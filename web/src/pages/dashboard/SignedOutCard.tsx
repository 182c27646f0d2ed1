/**
 * The signed-out dashboard: 'Authentication Required'. The second button is the hosted sign-in,
 * /api/login, which in this product leads to the login page; its label says what is there rather
 * than naming a provider the product does not have (docs/decisions/019).
 */
import { useTranslation } from 'react-i18next';

export function SignedOutCard() {
  const { t } = useTranslation('dashboard');
  return (
    <div className="dashboard-page">
      <div className="card signed-out-card" data-testid="auth-required">
        <h1>{t('signedOut.heading')}</h1>
        <p className="muted">{t('signedOut.lead')}</p>
        <div className="row signed-out-actions">
          <a href="/login" className="btn btn-primary">
            {t('signedOut.email')}
          </a>
          <a href="/api/login" className="btn btn-secondary">
            {t('signedOut.other')}
          </a>
        </div>
        <p className="muted small">{t('signedOut.newHere')}</p>
      </div>
    </div>
  );
}
