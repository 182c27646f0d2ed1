/** The Overview tab: plan and usage, the usage chart, API keys, signing keys and purchases. */
import { ApiKeysPanel } from './ApiKeysPanel.tsx';
import { PlanUsageCard } from './PlanUsageCard.tsx';
import { PurchasesPanel } from './PurchasesPanel.tsx';
import { SigningKeysPanel } from './SigningKeysPanel.tsx';
import { UsageChart } from './UsageChart.tsx';

export function OverviewTab() {
  return (
    <div className="stack dash-stack">
      <div className="dash-grid">
        <PlanUsageCard />
        <UsageChart />
      </div>
      <ApiKeysPanel />
      <PurchasesPanel />
      <SigningKeysPanel />
    </div>
  );
}
