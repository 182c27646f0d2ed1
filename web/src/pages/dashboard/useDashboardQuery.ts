/**
 * Acts once on the address the dashboard was opened with: picks the tab (?tab=billing), shows the
 * payment toast (?payment=…), then puts /dashboard back in the address bar.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '../../components/ui/toast.tsx';
import { readQuery, type DashboardTab } from './paymentToasts.ts';

export function useDashboardQuery(): [DashboardTab, (tab: DashboardTab) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<DashboardTab>(() => readQuery(search).tab ?? 'overview');
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const actions = readQuery(search);
    if (actions.toast) toast(actions.toast);
    if (actions.reset) navigate('/dashboard', { replace: true });
  }, [search, navigate]);
  return [tab, setTab];
}
