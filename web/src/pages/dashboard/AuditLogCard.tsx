/**
 * The Security tab's audit log (docs/decisions/055-audit-log.md): GET /api/v1/audit-events, newest
 * first, a page at a time with **Load older events** (X-Next-Cursor back as `before`), filtered by
 * event type. A table with a header row, in a focusable scroll region (docs/decisions/027).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AUDIT_EVENT_TYPES, type AuditEventType } from '../../../../shared/audit.ts';
import type { AuditEvent } from '../../../../server/contract/audit.ts';
import { ActionButton } from '../../components/ui/ActionButton.tsx';
import { scrollRegion } from '../../components/ui/scrollRegion.ts';
import { Select } from '../../components/ui/Select.tsx';
import { errorMessage, throwIfNotOk } from '../../lib/api.ts';
import { dateTime } from './format.ts';

type Event = z.infer<typeof AuditEvent>;
const PAGE = 25;
const ALL = 'all';

async function fetchPage(type: string, before: number | null): Promise<{ events: Event[]; next: number | null }> {
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (type !== ALL) query.set('type', type);
  if (before !== null) query.set('before', String(before));
  const res = await fetch(`/api/v1/audit-events?${query}`, { credentials: 'include' });
  await throwIfNotOk(res);
  const cursor = res.headers.get('X-Next-Cursor');
  return { events: (await res.json()) as Event[], next: cursor !== null && /^[1-9][0-9]*$/.test(cursor) ? Number(cursor) : null };
}

export function AuditLogCard() {
  const { t } = useTranslation('dashboard');
  const [type, setType] = useState<string>(ALL);
  const query = useInfiniteQuery({
    queryKey: ['/api/v1/audit-events', type],
    queryFn: ({ pageParam }) => fetchPage(type, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
    refetchOnMount: 'always',
  });
  const events = query.data?.pages.flatMap((p) => p.events) ?? [];
  const typeName = (name: AuditEventType) => t(`audit.types.${name}`);
  const actorName = (e: Event) => (e.actor.kind === 'api_key' ? t('audit.actors.api_key', { key: e.actor.apiKey ?? '' }) : t(`audit.actors.${e.actor.kind}`));
  return (
    <section className="card dash-card" aria-labelledby="audit-heading">
      <div className="card-head">
        <h2 id="audit-heading">{t('audit.heading')}</h2>
        <Select
          id="audit-type"
          label={t('audit.filter')}
          value={type}
          onValueChange={setType}
          options={[{ value: ALL, label: t('audit.allTypes') }, ...AUDIT_EVENT_TYPES.map((name) => ({ value: name, label: typeName(name) }))]}
        />
      </div>
      <p className="muted small">{t('audit.intro')}</p>
      {query.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(query.error, t('audit.loadFailed'))}
        </div>
      ) : !query.isPending && events.length === 0 ? (
        <p className="muted" data-testid="no-audit-events">{t('audit.empty')}</p>
      ) : (
        <div className="table-scroll" {...scrollRegion(t('audit.region'))}>
          <table className="table audit-table" data-testid="audit-events">
            <thead>
              <tr>
                <th scope="col">{t('audit.columns.when')}</th>
                <th scope="col">{t('audit.columns.event')}</th>
                <th scope="col">{t('audit.columns.by')}</th>
                <th scope="col">{t('audit.columns.subject')}</th>
                <th scope="col">{t('audit.columns.address')}</th>
                <th scope="col">{t('audit.columns.request')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.seq} data-type={e.type}>
                  <td>{dateTime(e.createdAt)}</td>
                  <td>{typeName(e.type)}</td>
                  <td>{actorName(e)}</td>
                  <td className="mono">{e.subject ?? '—'}</td>
                  <td className="mono">{e.clientAddress ?? '—'}</td>
                  <td className="mono small" title={e.hash}>{e.requestId ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.hasNextPage && (
        <ActionButton className="btn btn-secondary btn-sm" inactive={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? t('audit.loadingOlder') : t('audit.older')}
        </ActionButton>
      )}
    </section>
  );
}
