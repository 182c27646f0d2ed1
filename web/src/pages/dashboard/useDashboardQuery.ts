/**
 * Acts on the address the dashboard is opened with: picks the tab (?tab=billing), shows the payment
 * toast (?payment=…), then puts /dashboard back in the address bar. Each query string is acted on
 * once, also when it arrives while the dashboard is already open.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '../../components/ui/toast.tsx';
import { readQuery, type DashboardTab } from './paymentToasts.ts';

export function useDashboardQuery(): [DashboardTab, (tab: DashboardTab) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<DashboardTab>(() => readQuery(search).tab ?? 'overview');
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!search) {
      handled.current = null;
      return;
    }
    // React may run an effect twice for one render in development: act once per query string.
    if (handled.current === search) return;
    handled.current = search;
    const actions = readQuery(search);
    if (actions.tab) setTab(actions.tab);
    if (actions.toast) toast(actions.toast);
    if (actions.reset) navigate('/dashboard', { replace: true });
  }, [search, navigate]);
  return [tab, setTab];
}
