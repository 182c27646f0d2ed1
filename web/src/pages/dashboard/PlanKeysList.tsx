/**
 * 'Active Plan API Keys': every plan key, filtered by plan, with its calls this month. They are a
 * statistic: every key of the account draws on its one allowance (docs/decisions/036), and a plan
 * key's rotation, restrictions and deletion are under Your API Keys.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../components/ui/Select.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { KeySecret } from './KeySecret.tsx';
import { SecretField } from './SecretField.tsx';
import type { PlanKeyView } from './types.ts';

export function PlanKeysList({ planKeys }: { planKeys: PlanKeyView[] }) {
  const { t } = useTranslation('dashboard');
  const [plan, setPlan] = useState('all');
  const types = [...new Set(planKeys.map((k) => k.planType))].sort();
  const shown = plan === 'all' ? planKeys : planKeys.filter((k) => k.planType === plan);
  return (
    <div className="plan-keys" data-testid="plan-keys">
      <div className="card-head">
        <h3>{t('planKeys.heading')}</h3>
        <div className="plan-filter">
          <Select
            label={t('planKeys.filter')}
            value={plan}
            onValueChange={setPlan}
            options={[{ value: 'all', label: t('planKeys.all') }, ...types.map((type) => ({ value: type, label: type }))]}
          />
        </div>
      </div>
      <ul className="key-list">
        {shown.map((k) => (
          <li key={k.id} className="key-item">
            <div className="key-head">
              <strong>{k.keyName}</strong>
              <span className="badge badge-accent">{k.planType}</span>
              <span className={`badge ${k.isActive ? 'badge-success' : ''}`}>{t(k.isActive ? 'shared.active' : 'shared.inactive')}</span>
              <span className="muted key-meta">{t('planKeys.calls', { calls: formatNumber(k.callsThisMonth) })}</span>
            </div>
            <SecretField label={t('secret.apiKey')} value={k.keyValue} kind="key" />
            <KeySecret keyId={k.id} revealable={k.secretRevealable} />
          </li>
        ))}
      </ul>
    </div>
  );
}
