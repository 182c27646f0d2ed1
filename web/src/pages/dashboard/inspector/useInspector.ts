/** The inspected key's usage and operations as queries, with the failure toast of docs/product.md §8 once per failure. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '../../../components/ui/toast.tsx';
import { i18n } from '../../../i18n/index.ts';
import { InspectorError, readOperations, readUsage, sourceId, type KeySource } from './source.ts';

export type Connection = 'idle' | 'connecting' | 'connected' | 'failed';

export function useInspectedUsage(source: KeySource | null, refreshMs: number | false) {
  const query = useQuery({
    queryKey: ['inspector-usage', source && sourceId(source)],
    queryFn: () => readUsage(source!),
    enabled: source !== null,
    refetchInterval: refreshMs,
    staleTime: 0,
  });
  // Once per failure, not on every failed refresh while it lasts.
  const failing = useRef(false);
  useEffect(() => {
    if (query.isError && !failing.current) toast({ title: i18n.t('dashboard:shared.error'), description: i18n.t('dashboard:inspector.fetchFailed'), variant: 'destructive' });
    failing.current = query.isError;
  }, [query.isError, query.errorUpdatedAt]);
  const connection: Connection =
    source === null ? 'idle' : query.isError ? 'failed' : query.isSuccess ? 'connected' : 'connecting';
  return { query, connection, error: query.error as InspectorError | null };
}

export function useInspectedOperations(source: KeySource | null, refreshMs: number | false) {
  return useQuery({
    queryKey: ['inspector-operations', source && sourceId(source)],
    queryFn: () => readOperations(source!),
    enabled: source !== null,
    refetchInterval: refreshMs,
    staleTime: 0,
  });
}

/** The short line under a failed connection: the status, or that the network failed. */
export function failureLine(error: InspectorError | null): string {
  if (!error) return '';
  return error.status === null ? i18n.t('dashboard:inspector.networkError') : i18n.t('dashboard:inspector.errorStatus', { status: String(error.status) });
}
