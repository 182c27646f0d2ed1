/** The account's platform-held keys, signing and encryption: list, create, and one key's public key in every format. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import type { ManagedKeysView, SigningKeyExported, SigningKeyView } from './types.ts';

const SIGNING_KEYS_KEY = ['/api/v1/keys'] as const;

export function useSigningKeys() {
  // The default key appears with the first sign call, so the list is read afresh on each visit.
  return useQuery<ManagedKeysView, Error, SigningKeyView[]>({ queryKey: SIGNING_KEYS_KEY, staleTime: 0, refetchOnMount: 'always', select: (list) => list.keys });
}

export function useCreateSigningKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; algorithm: SigningKeyView['algorithm'] }) => apiRequest<SigningKeyView>('POST', '/api/v1/keys', input),
    onSettled: () => client.invalidateQueries({ queryKey: SIGNING_KEYS_KEY }),
  });
}

/** A lifecycle action on one key (docs/api.md §7.6); the list shows its new state. */
export type KeyAction = 'rotate' | 'disable' | 'enable' | 'schedule-deletion' | 'cancel-deletion';

export function useKeyAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ keyId, action }: { keyId: string; action: KeyAction }) => apiRequest<unknown>('POST', `/api/v1/keys/${keyId}/${action}`, {}),
    onSettled: (_data, _error, { keyId }) => {
      void client.invalidateQueries({ queryKey: SIGNING_KEYS_KEY });
      return client.invalidateQueries({ queryKey: [`/api/signing-keys/${keyId}/export`] });
    },
  });
}

export function useSigningKeyExport(keyId: string) {
  return useQuery<SigningKeyExported>({ queryKey: [`/api/v1/keys/${keyId}/export`] });
}
