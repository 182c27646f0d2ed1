/**
 * /dashboard (docs/product.md §2.10): a spinner while the sign-in state loads; signed out, the
 * Authentication Required card; signed in, the Overview, Operations, Billing, Security and Your data
 * tabs.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Tabs } from '../../components/ui/Tabs.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { dashboardAddress, usePaymentMessages } from '../../lib/checkout.ts';
import { AccountStatus } from './AccountStatus.tsx';
import { BillingTab } from './BillingTab.tsx';
import { DataTab } from './DataTab.tsx';
import { SecurityTab } from './SecurityTab.tsx';
import { OperationsTab } from './OperationsTab.tsx';
import { OverviewTab } from './OverviewTab.tsx';
import type { DashboardTab } from './paymentToasts.ts';
import { SignedOutCard } from './SignedOutCard.tsx';
import { useDashboardQuery } from './useDashboardQuery.ts';
import '../../styles/forms.css';
import './dashboard.css';

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const auth = useAuth();
  const [tab, setTab] = useDashboardQuery();
  const client = useQueryClient();
  const [, navigate] = useLocation();
  // PayPal's window reported back: fetch the new plan, keys and charges, and show the outcome's toast.
  usePaymentMessages((message) => {
    void client.invalidateQueries();
    navigate(dashboardAddress(message));
  });
  if (auth.isLoading) {
    return (
      <div className="dashboard-page row" style={{ justifyContent: 'center' }}>
        <div className="spinner" aria-label={t('shared.loading')} />
      </div>
    );
  }
  if (!auth.user) return <SignedOutCard />;
  const name = [auth.user.firstName, auth.user.lastName].filter(Boolean).join(' ');
  return (
    <div className="dashboard-page">
      <header className="dashboard-head">
        <h1>{t('title')}</h1>
        <p className="muted">{t('page.signedInAs', { who: name ? t('page.nameAndEmail', { name, email: auth.user.email }) : auth.user.email })}</p>
        <AccountStatus user={auth.user} />
      </header>
      <Tabs
        label={t('title')}
        value={tab}
        onValueChange={(v) => setTab(v as DashboardTab)}
        tabs={[
          { value: 'overview', label: t('page.tabs.overview'), content: <OverviewTab /> },
          { value: 'operations', label: t('page.tabs.operations'), content: <OperationsTab /> },
          { value: 'billing', label: t('page.tabs.billing'), content: <BillingTab /> },
          { value: 'security', label: t('page.tabs.security'), content: <SecurityTab /> },
          { value: 'data', label: t('page.tabs.data'), content: <DataTab /> },
        ]}
      />
    </div>
  );
}
