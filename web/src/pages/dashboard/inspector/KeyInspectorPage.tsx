/**
 * /dashboard-direct, /dashboard-simple and /dashboard-force (docs/product.md §2.10): debug views of one
 * API key's usage, on the key inspector routes. Simple shows usage and its raw JSON; force also
 * refreshes it every 5 s; direct adds Operations (refreshed every 5 s) and Billing tabs.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/ui/Tabs.tsx';
import '../dashboard.css';
import { ConnectionStatus } from './ConnectionStatus.tsx';
import { BillingPanel, OperationsPanel, UsagePanel } from './InspectorPanels.tsx';
import { KeySourcePicker } from './KeySourcePicker.tsx';
import type { KeySource } from './source.ts';
import { useInspectedOperations, useInspectedUsage } from './useInspector.ts';

type Variant = 'direct' | 'simple' | 'force';
const REFRESH_MS = 5000;

function KeyInspector({ variant }: { variant: Variant }) {
  const { t } = useTranslation('dashboard');
  const [source, setSource] = useState<KeySource | null>(null);
  const usage = useInspectedUsage(source, variant === 'force' ? REFRESH_MS : false);
  const operations = useInspectedOperations(variant === 'direct' ? source : null, REFRESH_MS);
  const usagePanel = <UsagePanel usage={usage.query.data} refreshing={usage.query.isFetching} onRefresh={() => void usage.query.refetch()} />;
  return (
    <div className="dashboard-page">
      <header className="dashboard-head">
        <h1>{t(`inspector.titles.${variant}`)}</h1>
        <p className="muted">{t(variant === 'force' ? 'inspector.leadForce' : 'inspector.lead')}</p>
        {variant === 'force' && <span className="badge badge-accent">{t('inspector.autoRefresh')}</span>}
      </header>
      <div className="stack dash-stack">
        <KeySourcePicker onPick={setSource} />
        {source && (
          <>
            <div className="inspecting">
              <span className="muted small">{source.kind === 'own' ? t('inspector.inspecting', { key: source.label }) : t('inspector.inspectingPasted')}</span>
              <ConnectionStatus connection={usage.connection} error={usage.error} />
            </div>
            {variant === 'direct' ? (
              <Tabs
                label={t('inspector.tabs')}
                tabs={[
                  { value: 'overview', label: t('page.tabs.overview'), content: usagePanel },
                  { value: 'operations', label: t('page.tabs.operations'), content: <OperationsPanel data={operations.data} onRefresh={() => void operations.refetch()} /> },
                  { value: 'billing', label: t('page.tabs.billing'), content: <BillingPanel usage={usage.query.data} /> },
                ]}
              />
            ) : (
              usagePanel
            )}
          </>
        )}
      </div>
    </div>
  );
}

export const DirectInspector = () => <KeyInspector variant="direct" />;
export const SimpleInspector = () => <KeyInspector variant="simple" />;
export const ForceInspector = () => <KeyInspector variant="force" />;
