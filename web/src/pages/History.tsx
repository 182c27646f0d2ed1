/**
 * /history (docs/product.md §2.9): the operations of this account (or, signed out, of this browser session) from
 * GET /api/crypto/operations, a page at a time with **Load older operations**, with working tabs, counts, search
 * and filter over every operation loaded, and a details panel.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { Select } from '../components/ui/Select.tsx';
import { Tabs } from '../components/ui/Tabs.tsx';
import { ActionButton } from '../components/ui/ActionButton.tsx';
import { DetailsPanel } from '../history/DetailsPanel.tsx';
import { applyFilters, TABS, TYPE_FILTERS, type Operation, type Tab, type TypeFilter } from '../history/filter.ts';
import { OperationItem } from '../history/OperationItem.tsx';
import { fetchOperationPage } from '../history/pages.ts';
import { errorMessage } from '../lib/api.ts';
import { scrollBehavior } from '../lib/motion.ts';
import '../history/history.css';

export default function History() {
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

  const list = (t: (typeof TABS)[number]) => {
    const items = inTab(t.value);
    if (items.length === 0) {
      const tabHasAny = applyFilters(ops, '', 'all').inTab(t.value).length > 0;
      return (
        <div className="card history-empty muted">
          {filtering && tabHasAny ? 'No operations match the search or filter.' : t.empty}
          {t.value === 'all' && !tabHasAny && (
            <div style={{ marginTop: 12 }}>
              <Link href="/demo" className="btn btn-primary btn-sm">
                Open the demo
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
        <h1>Crypto Operations History</h1>
        <p className="muted">Signed in, these are your operations through the API and the demo; signed out, the demo operations of this browser session. Operations run in your browser stay on your device and are not listed.</p>
        <div className="history-tools">
          <input className="input" type="search" placeholder="Search messages, algorithms, IDs…" aria-label="Search operations" value={search} onChange={(e) => setSearch(e.target.value)} />
          <Select label="Filter by type" value={type} onValueChange={(v) => setType(v as TypeFilter)} options={TYPE_FILTERS} />
        </div>
        <div className="history-layout">
          <div>
            {query.isLoading ? (
              <div className="history-loading">
                <div className="spinner" aria-hidden /> Loading crypto operations...
              </div>
            ) : !query.data ? (
              <div className="card result-bad" role="alert">
                {errorMessage(query.error, 'Could not load the operations')}
              </div>
            ) : (
              <Tabs
                label="Algorithms"
                value={tab}
                onValueChange={(v) => setTab(v as Tab)}
                tabs={TABS.map((t) => ({
                  value: t.value,
                  label: (
                    <>
                      {t.label}
                      <span className="tab-count">{counts[t.value]}</span>
                    </>
                  ),
                  content: list(t),
                }))}
              />
            )}
            {query.data && (
              <div className="history-more" data-testid="history-more">
                <span className="muted">
                  {query.hasNextPage
                    ? `The latest ${ops.length} operations are loaded; search, filter and counts cover them.`
                    : `All ${ops.length} operations are loaded.`}
                </span>
                {query.hasNextPage && (
                  <ActionButton className="btn btn-secondary btn-sm" inactive={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                    {query.isFetchingNextPage ? 'Loading older operations...' : 'Load older operations'}
                  </ActionButton>
                )}
                {query.isFetchNextPageError && (
                  <span className="result-bad" role="alert">
                    {errorMessage(query.error, 'Could not load older operations')}
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
