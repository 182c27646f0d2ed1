/**
 * /history (docs/product.md §2.9): the operations of this account (or, signed out, of this browser session) from
 * GET /api/crypto/operations, a page at a time with **Load older operations**, with working tabs, counts, search
 * and filter over every operation loaded, and a details panel. Texts in the `pages` catalogue, numbers through
 * web/src/i18n/format.ts (docs/decisions/041).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Select } from '../components/ui/Select.tsx';
import { Tabs } from '../components/ui/Tabs.tsx';
import { ActionButton } from '../components/ui/ActionButton.tsx';
import { DetailsPanel } from '../history/DetailsPanel.tsx';
import { applyFilters, tabEmpty, tabLabel, TABS, typeFilters, type Operation, type Tab, type TypeFilter } from '../history/filter.ts';
import { OperationItem } from '../history/OperationItem.tsx';
import { fetchOperationPage } from '../history/pages.ts';
import { formatNumber } from '../i18n/format.ts';
import { errorMessage } from '../lib/api.ts';
import { scrollBehavior } from '../lib/motion.ts';
import '../history/history.css';

export default function History() {
  const { t } = useTranslation('pages', { keyPrefix: 'history' });
  // The list changes with every operation anywhere, so it is read afresh on each visit; the first
  // key element is the one the demo invalidates after a server operation (useServerRefresh.ts).
  const query = useInfiniteQuery({
    queryKey: ['/api/crypto/operations', 'pages'],
    queryFn: ({ pageParam }) => fetchOperationPage(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
    refetchOnMount: 'always',
  });
  const [tab, setTab] = useState<Tab>('all');
  const [search, setSearch] = useState('');
  const [type, setType] = useState<TypeFilter>('all');
  const [selected, setSelected] = useState<Operation | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const ops = query.data?.pages.flatMap((p) => p.operations) ?? [];
  const { counts, inTab } = applyFilters(ops, search, type);
  const filtering = search.trim() !== '' || type !== 'all';

  const select = (op: Operation) => {
    setSelected(op);
    // On narrow screens the panel sits below the list: bring it into view.
    if (window.matchMedia('(max-width: 900px)').matches) panel.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  };

  const list = (tab: Tab) => {
    const items = inTab(tab);
    if (items.length === 0) {
      const tabHasAny = applyFilters(ops, '', 'all').inTab(tab).length > 0;
      return (
        <div className="card history-empty muted">
          {filtering && tabHasAny ? t('noMatch') : tabEmpty(tab)}
          {tab === 'all' && !tabHasAny && (
            <div style={{ marginTop: 12 }}>
              <Link href="/demo" className="btn btn-primary btn-sm">
                {t('openDemo')}
              </Link>
            </div>
          )}
        </div>
      );
    }
    return (
      <ul className="history-list">
        {items.map((op) => (
          <OperationItem key={op.id} op={op} selected={selected?.id === op.id} onSelect={() => select(op)} />
        ))}
      </ul>
    );
  };

  return (
    <div className="section">
      <div className="container">
        <h1>{t('heading')}</h1>
        <p className="muted">{t('intro')}</p>
        <div className="history-tools">
          <input className="input" type="search" placeholder={t('searchPlaceholder')} aria-label={t('search')} value={search} onChange={(e) => setSearch(e.target.value)} />
          <Select label={t('filter')} value={type} onValueChange={(v) => setType(v as TypeFilter)} options={typeFilters()} />
        </div>
        <div className="history-layout">
          <div>
            {query.isLoading ? (
              <div className="history-loading">
                <div className="spinner" aria-hidden /> {t('loading')}
              </div>
            ) : !query.data ? (
              <div className="card result-bad" role="alert">
                {errorMessage(query.error, t('loadFailed'))}
              </div>
            ) : (
              <Tabs
                label={t('tabs')}
                value={tab}
                onValueChange={(v) => setTab(v as Tab)}
                tabs={TABS.map((value) => ({
                  value,
                  label: (
                    <>
                      {tabLabel(value)}
                      <span className="tab-count">{formatNumber(counts[value])}</span>
                    </>
                  ),
                  content: list(value),
                }))}
              />
            )}
            {query.data && (
              <div className="history-more" data-testid="history-more">
                <span className="muted">
                  {t(query.hasNextPage ? 'someLoaded' : 'allLoaded', { count: ops.length, operations: formatNumber(ops.length) })}
                </span>
                {query.hasNextPage && (
                  <ActionButton className="btn btn-secondary btn-sm" inactive={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                    {query.isFetchingNextPage ? t('loadingOlder') : t('loadOlder')}
                  </ActionButton>
                )}
                {query.isFetchNextPageError && (
                  <span className="result-bad" role="alert">
                    {errorMessage(query.error, t('loadOlderFailed'))}
                  </span>
                )}
              </div>
            )}
          </div>
          <div ref={panel}>
            <DetailsPanel op={selected} />
          </div>
        </div>
      </div>
    </div>
  );
}
