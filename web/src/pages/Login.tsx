/** /login (docs/product.md §2.12): hero panel, and the 'Access Your Account' card with Sign In / Sign Up and Google. */
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Tabs } from '../components/ui/Tabs.tsx';
import { OVERAGE_CENTS_PER_CALL, planOf } from '../../../shared/plans.ts';
import { ALGORITHMS } from '../demo/algorithms.ts';
import { formatMoney, formatNumber } from '../i18n/format.ts';
import '../styles/forms.css';
import { GoogleButton } from './login/GoogleButton.tsx';
import { SignInForm } from './login/SignInForm.tsx';
import { SignUpForm } from './login/SignUpForm.tsx';

/** Links in the agreement sentence (docs/decisions/041: the catalogue's tags are these names). */
const TERMS_LINKS = { terms: <Link href="/terms" />, privacy: <Link href="/privacy" /> };

function HeroPanel() {
  const { t } = useTranslation('account');
  const free = formatNumber(planOf('free').usageLimit);
  return (
    <aside className="auth-hero">
      <div className="eyebrow" style={{ color: '#c4b5fd' }}>PQ Platform</div>
      <h1>{t('hero.title')}</h1>
      <p>{t('hero.lead', { free })}</p>
      <ul>
        <li>{t('hero.points.mlDsa')}</li>
        <li>{t('hero.points.hybrid')}</li>
        <li>{t('hero.points.zk')}</li>
      </ul>
      <div className="auth-stats">
        <div className="auth-stat">
          <strong>{formatNumber(ALGORITHMS.length)}</strong>
          <span>{t('hero.stats.algorithms')}</span>
        </div>
        {/* Only figures the server backs (docs/product.md §12: no uptime or support hours are promised). */}
        <div className="auth-stat">
          <strong>{free}</strong>
          <span>{t('hero.stats.free')}</span>
        </div>
        <div className="auth-stat">
          <strong>{formatMoney(OVERAGE_CENTS_PER_CALL)}</strong>
          <span>{t('hero.stats.overage')}</span>
        </div>
      </div>
    </aside>
  );
}

export default function Login() {
  const { t } = useTranslation('account');
  const params = new URLSearchParams(useSearch());
  const error = params.get('error');
  const googleFailed = error === 'google';
  const googleLinkRequired = error === 'google_link_required';
  // A verification link opened while signed out comes here first: it verifies once its account signs in (docs/decisions/037).
  const verifyToken = params.get('verify');
  const confirmEmailToken = params.get('confirmEmail');
  // Where the sign-in continues: only these two server routes, never an address from the query string.
  const then = verifyToken
    ? `/api/auth/verify-email?token=${encodeURIComponent(verifyToken)}`
    : confirmEmailToken
      ? `/api/auth/email/confirm?token=${encodeURIComponent(confirmEmailToken)}`
      : undefined;
  return (
    <div className="container auth-page">
      <HeroPanel />
      <section className="card auth-card" aria-labelledby="auth-title">
        <h2 id="auth-title">{t('card.title')}</h2>
        <p className="muted" style={{ margin: 0 }}>
          {t('card.lead')}
        </p>
        {confirmEmailToken && (
          <div className="alert alert-info" role="status" style={{ marginTop: 16 }} data-testid="confirm-email-sign-in">
            {t('card.confirmEmail')}
          </div>
        )}
        {verifyToken && (
          <div className="alert alert-info" role="status" style={{ marginTop: 16 }} data-testid="verify-sign-in">
            {t('card.verify')}
          </div>
        )}
        {googleLinkRequired && (
          <div className="alert alert-danger" role="alert" style={{ marginTop: 16 }}>
            {t('card.googleLinkRequired')}
          </div>
        )}
        {googleFailed && (
          <div className="alert alert-danger" role="alert" style={{ marginTop: 16 }}>
            {t('card.googleFailed')}
          </div>
        )}
        <Tabs
          label={t('card.tabs')}
          tabs={[
            { value: 'signin', label: t('card.signIn'), content: <SignInForm then={then} awaitingCode={params.get('twoFactor') === '1'} /> },
            { value: 'signup', label: t('card.signUp'), content: <SignUpForm /> },
          ]}
        />
        <div className="separator">{t('card.or')}</div>
        <GoogleButton />
        <p className="auth-footer">
          {/* The terms are docs/product.md §12, at /terms; the privacy policy is docs/product.md §11, at /privacy. */}
          <Trans t={t} i18nKey="card.agree" components={TERMS_LINKS} />
        </p>
      </section>
    </div>
  );
}
