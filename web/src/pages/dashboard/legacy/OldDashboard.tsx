/**
 * /dashboard-old (docs/product.md §2.10): the first dashboard layout, kept as a static shell: a plain
 * plan and key view, and Operations and Billing tabs that say they are coming. It reads but never
 * reveals secrets, so it cannot use up a key's one reveal.
 */
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { useAuth } from '../../../hooks/useAuth.ts';
import { callsOfLimit, mask, planDescription, planTitle } from '../format.ts';
import { useApiKeys } from '../useApiKeys.ts';
import { useUsage } from '../useUsage.ts';
import '../dashboard.css';

function ComingSoon({ what }: { what: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="card empty-state">
      <h3>{what}</h3>
      <p className="muted">{t('legacy.comingSoon')}</p>
      <Link href="/dashboard" className="btn btn-secondary btn-sm">
        {t('legacy.open')}
      </Link>
    </div>
  );
}

function SimpleOverview() {
  const { t } = useTranslation('dashboard');
  const { usage } = useUsage();
  const keys = useApiKeys();
  return (
    <div className="dash-grid">
      <section className="card dash-card">
        <h2>{planTitle(usage.currentPlan)}</h2>
        <p className="muted">{planDescription(usage.currentPlan)}</p>
        <p data-testid="old-usage">{t('legacy.used', { calls: callsOfLimit(usage.apiCallsThisMonth, usage.planLimit) })}</p>
      </section>
      <section className="card dash-card">
        <h2>{t('legacy.keys')}</h2>
        {(keys.data ?? []).length === 0 ? (
          <p className="muted">{t('apiKeys.none')}</p>
        ) : (
          <ul className="plain-list">
            {keys.data!.map((k) => (
              <li key={k.id}>
                {k.keyName}: <code>{mask(k.keyValue)}</code> {k.isActive ? '' : t('legacy.disabled')}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default function OldDashboard() {
  const { t } = useTranslation('dashboard');
  const auth = useAuth();
  return (
    <div className="dashboard-page">
      <header className="dashboard-head">
        <h1>{t('legacy.heading')}</h1>
        <p className="muted">
          <Trans t={t} i18nKey="legacy.lead" components={{ a: <Link href="/dashboard" /> }} />
        </p>
      </header>
      <Tabs
        label={t('title')}
        tabs={[
          {
            value: 'overview',
            label: t('page.tabs.overview'),
            content: auth.isLoading ? (
              <div className="spinner" aria-label={t('shared.loading')} />
            ) : auth.user ? (
              <SimpleOverview />
            ) : (
              <div className="card empty-state">
                <p className="muted">{t('legacy.logIn')}</p>
                <Link href="/login" className="btn btn-primary">
                  {t('loginRequired.button')}
                </Link>
              </div>
            ),
          },
          { value: 'operations', label: t('page.tabs.operations'), content: <ComingSoon what={t('page.tabs.operations')} /> },
          { value: 'billing', label: t('page.tabs.billing'), content: <ComingSoon what={t('page.tabs.billing')} /> },
        ]}
      />
    </div>
  );
}
