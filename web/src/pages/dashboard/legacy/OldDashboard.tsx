/**
 * /dashboard-old (docs/product.md §2.10): the first dashboard layout, kept as a static shell: a plain
 * plan and key view, and Operations and Billing tabs that say they are coming. It reads but never
 * reveals secrets, so it cannot use up a key's one reveal.
 */
import { Link } from 'wouter';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import { useAuth } from '../../../hooks/useAuth.ts';
import { callsOfLimit, mask, planDescription, planTitle } from '../format.ts';
import { useApiKeys } from '../useApiKeys.ts';
import { useUsage } from '../useUsage.ts';
import '../dashboard.css';

function ComingSoon({ what }: { what: string }) {
  return (
    <div className="card empty-state">
      <h3>{what}</h3>
      <p className="muted">Coming soon. The current dashboard already has it.</p>
      <Link href="/dashboard" className="btn btn-secondary btn-sm">
        Open the dashboard
      </Link>
    </div>
  );
}

function SimpleOverview() {
  const { usage } = useUsage();
  const keys = useApiKeys();
  return (
    <div className="dash-grid">
      <section className="card dash-card">
        <h2>{planTitle(usage.currentPlan)}</h2>
        <p className="muted">{planDescription(usage.currentPlan)}</p>
        <p data-testid="old-usage">
          {callsOfLimit(usage.apiCallsThisMonth, usage.planLimit)} API calls used
        </p>
      </section>
      <section className="card dash-card">
        <h2>API Keys</h2>
        {(keys.data ?? []).length === 0 ? (
          <p className="muted">No API Keys available</p>
        ) : (
          <ul className="plain-list">
            {keys.data!.map((k) => (
              <li key={k.id}>
                {k.keyName}: <code>{mask(k.keyValue)}</code> {k.isActive ? '' : '(disabled)'}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default function OldDashboard() {
  const auth = useAuth();
  return (
    <div className="dashboard-page">
      <header className="dashboard-head">
        <h1>PQ Platform Dashboard</h1>
        <p className="muted">
          The first dashboard layout, kept for reference. Everything it shows, and more, is on the <Link href="/dashboard">dashboard</Link>.
        </p>
      </header>
      <Tabs
        label="Dashboard"
        tabs={[
          {
            value: 'overview',
            label: 'Overview',
            content: auth.isLoading ? (
              <div className="spinner" aria-label="Loading" />
            ) : auth.user ? (
              <SimpleOverview />
            ) : (
              <div className="card empty-state">
                <p className="muted">Log in to see your plan and keys.</p>
                <Link href="/login" className="btn btn-primary">
                  Go to Login
                </Link>
              </div>
            ),
          },
          { value: 'operations', label: 'Operations', content: <ComingSoon what="Operations" /> },
          { value: 'billing', label: 'Billing', content: <ComingSoon what="Billing" /> },
        ]}
      />
    </div>
  );
}
