/**
 * The personal API keys and what can be done with them (docs/api.md §13). A secret that comes back
 * (create, rotate, the one reveal) goes to the page's secret store, never to the query cache's list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { keepSecret } from './secretStore.ts';
import type { ApiKeyView, Revealed } from './types.ts';

export const API_KEYS_KEY = ['/api/keys'] as const;

export function useApiKeys() {
  return useQuery<ApiKeyView[]>({ queryKey: API_KEYS_KEY, staleTime: 0, refetchOnMount: 'always' });
}

export function useApiKeyActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: API_KEYS_KEY });
  const withSecret = (key: ApiKeyView) => {
    if (key.keySecret) keepSecret(`personal:${key.id}`, key.keySecret);
    return key;
  };

  const create = useMutation({
    mutationFn: (keyName: string) => apiRequest<ApiKeyView>('POST', '/api/keys', { keyName }).then(withSecret),
    onSettled: refresh,
  });
  const rotate = useMutation({
    mutationFn: (id: number) => apiRequest<ApiKeyView>('POST', `/api/keys/${id}/rotate`).then(withSecret),
    onSettled: refresh,
  });
  const setActive = useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => apiRequest<ApiKeyView>('POST', `/api/keys/${id}/${active ? 'enable' : 'disable'}`),
    onSettled: refresh,
  });
  const reveal = useMutation({
    mutationFn: (id: number) =>
      apiRequest<Revealed>('POST', `/api/keys/${id}/reveal-secret`).then((r) => keepSecret(`personal:${r.id}`, r.keySecret)),
    onSettled: refresh,
  });
  return { create, rotate, setActive, reveal };
}
