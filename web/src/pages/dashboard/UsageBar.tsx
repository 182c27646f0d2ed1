/** Calls used against the allowance: red past the limit, amber at it; nothing on Unlimited (no limit to measure against). */
import { usagePercent } from './format.ts';

export function UsageBar({ used, limit, label }: { used: number; limit: number | null; label: string }) {
  if (limit === null) return null;
  const state = used > limit ? 'over' : used >= limit ? 'full' : 'ok';
  return (
    <div
      className="progress usage-bar"
      data-state={state}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={used}
    >
      <div style={{ width: `${usagePercent(used, limit)}%` }} />
    </div>
  );
}
