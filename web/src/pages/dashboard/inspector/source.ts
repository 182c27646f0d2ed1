/**
 * Where the key inspector reads from (docs/api.md §15): one of the signed-in user's own keys (the
 * session is the credential), or a pasted key pair (the pair is). Errors carry the texts of
 * docs/product.md §8 for the debug pages, in the page's language when they happen (docs/decisions/041);
 * the server's answer in them stays as it came.
 */
import { i18n } from '../../../i18n/index.ts';
import type { InspectedOperations, InspectedUsage } from '../types.ts';

export type KeySource =
  | { kind: 'own'; keyValue: string; label: string }
  /** `id` tells two pastes apart without putting the secret in a cache key. */
  | { kind: 'pasted'; apiKey: string; apiSecret: string; id: number };

export class InspectorError extends Error {
  constructor(
    message: string,
    /** HTTP status, or null for a network failure. */
    readonly status: number | null,
  ) {
    super(message);
  }
}

type Part = 'usage' | 'operations';

export const sourceId = (source: KeySource) => (source.kind === 'own' ? `own:${source.keyValue}` : `pasted:${source.id}`);

async function read<T>(part: Part, source: KeySource): Promise<T> {
  let res: Response;
  try {
    res =
      source.kind === 'own'
        ? await fetch(`/api/debug/keys/${encodeURIComponent(source.keyValue)}/${part}`, { credentials: 'include' })
        : await fetch(`/api/debug/user-${part}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ apiKey: source.apiKey, apiSecret: source.apiSecret }),
          });
  } catch (error) {
    throw new InspectorError(i18n.t('dashboard:inspector.errors.network', { message: (error as Error).message }), null);
  }
  if (!res.ok) throw new InspectorError(i18n.t(`dashboard:inspector.errors.${part}`, { status: String(res.status), body: await res.text() }), res.status);
  return (await res.json()) as T;
}

export const readUsage = (source: KeySource) => read<InspectedUsage>('usage', source);
export const readOperations = (source: KeySource) => read<InspectedOperations>('operations', source);
