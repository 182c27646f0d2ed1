/** 'Active Plan API Keys': every plan key, filtered by plan, with its purchase's usage this month. */
import { useState } from 'react';
import { Select } from '../../components/ui/Select.tsx';
import { PlanKeySecret } from './PlanKeySecret.tsx';
import type { PlanKeyView } from './types.ts';
import { UsageBar } from './UsageBar.tsx';

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
              <span className="muted key-meta">
                {k.callsThisMonth.toLocaleString('en-US')} / {k.usageLimit === null ? 'unlimited' : k.usageLimit.toLocaleString('en-US')} calls this month
              </span>
            </div>
            {k.usageLimit !== null && <UsageBar used={k.callsThisMonth} limit={k.usageLimit} label={`${k.keyName} calls this month`} />}
            <PlanKeySecret planKey={k} />
          </li>
        ))}
      </ul>
    </div>
  );
}
