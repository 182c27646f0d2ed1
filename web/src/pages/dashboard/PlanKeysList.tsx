/**
 * 'Active Plan API Keys': every plan key, filtered by plan, with its calls this month. They are a
 * statistic: every key of the account draws on its one allowance (docs/decisions/036), and a plan
 * key's rotation, restrictions and deletion are under Your API Keys.
 */
import { useState } from 'react';
import { Select } from '../../components/ui/Select.tsx';
import { KeySecret } from './KeySecret.tsx';
import { SecretField } from './SecretField.tsx';
import type { PlanKeyView } from './types.ts';

export function PlanKeysList({ planKeys }: { planKeys: PlanKeyView[] }) {
  const [plan, setPlan] = useState('all');
  const types = [...new Set(planKeys.map((k) => k.planType))].sort();
  const shown = plan === 'all' ? planKeys : planKeys.filter((k) => k.planType === plan);
  return (
    <div className="plan-keys" data-testid="plan-keys">
      <div className="card-head">
        <h3>Active Plan API Keys</h3>
        <div className="plan-filter">
          <Select label="Filter by plan" value={plan} onValueChange={setPlan} options={[{ value: 'all', label: 'All Plans' }, ...types.map((t) => ({ value: t, label: t }))]} />
        </div>
      </div>
      <ul className="key-list">
        {shown.map((k) => (
          <li key={k.id} className="key-item">
            <div className="key-head">
              <strong>{k.keyName}</strong>
              <span className="badge badge-accent">{k.planType}</span>
              <span className={`badge ${k.isActive ? 'badge-success' : ''}`}>{k.isActive ? 'Active' : 'Inactive'}</span>
              <span className="muted key-meta">{k.callsThisMonth.toLocaleString('en-US')} calls this month</span>
            </div>
            <SecretField label="API Key" value={k.keyValue} kind="key" />
            <KeySecret keyId={k.id} revealable={k.secretRevealable} />
          </li>
        ))}
      </ul>
    </div>
  );
}
