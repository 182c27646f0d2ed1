/**
 * The account's API keys, of every kind, and what can be done with them (docs/api.md §13;
 * docs/decisions/036). A secret that comes back (create, rotate, the one reveal) goes to the page's
 * secret store, never to the query cache's list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UpdateKeyRequest } from '../../../../server/contract/api-keys.ts';
import { apiRequest } from '../../lib/api.ts';
import { withStepUp } from '../../lib/stepUp.ts';
import { keepSecret } from './secretStore.ts';
import type { ApiKeyView, Revealed } from './types.ts';

export const API_KEYS_KEY = ['/api/keys'] as const;
const PURCHASES_KEY = ['/api/user/purchases'] as const;

export type KeySettings = z.input<typeof UpdateKeyRequest>;

export function useApiKeys() {
  return useQuery<ApiKeyView[]>({ queryKey: API_KEYS_KEY, staleTime: 0, refetchOnMount: 'always' });
}

export function useApiKeyActions() {
  const client = useQueryClient();
  // Plan keys show on the purchases too.
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: API_KEYS_KEY }), client.invalidateQueries({ queryKey: PURCHASES_KEY })]);
  const withSecret = (key: ApiKeyView) => {
    if (key.keySecret) keepSecret(`key:${key.id}`, key.keySecret);
    return key;
  };

  const create = useMutation({
    mutationFn: (keyName: string) => apiRequest<ApiKeyView>('POST', '/api/keys', { keyName }).then(withSecret),
    onSettled: refresh,
  });
  const rotate = useMutation({
    mutationFn: ({ id, revokeOldSecret }: { id: number; revokeOldSecret: boolean }) =>
      withStepUp(() => apiRequest<ApiKeyView>('POST', `/api/keys/${id}/rotate`, { revokeOldSecret })).then(withSecret),
    onSettled: refresh,
  });
  const setActive = useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => apiRequest<ApiKeyView>('POST', `/api/keys/${id}/${active ? 'enable' : 'disable'}`),
    onSettled: refresh,
  });
  const update = useMutation({
    // Adding manage asks for step-up when two-factor sign-in is on (docs/decisions/057).
    mutationFn: ({ id, settings }: { id: number; settings: KeySettings }) => withStepUp(() => apiRequest<ApiKeyView>('PATCH', `/api/keys/${id}`, settings)),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest<null>('DELETE', `/api/keys/${id}`),
    onSettled: refresh,
  });
  const reveal = useMutation({
    mutationFn: (id: number) => apiRequest<Revealed>('POST', `/api/keys/${id}/reveal-secret`).then((r) => keepSecret(`key:${r.id}`, r.keySecret)),
    onSettled: refresh,
  });
  return { create, rotate, setActive, update, remove, reveal };
}
