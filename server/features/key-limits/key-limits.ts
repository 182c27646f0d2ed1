/**
 * How many keys of each kind one owner may hold (docs/api.md §7, §13): everything a caller can make
 * the server store is bounded. A demo visitor's session gets far fewer than an account.
 *
 * The count and the insert are one atomic step in each key repository (createKeyWithinLimit and
 * the like, docs/decisions/050-one-storage-seam.md), which answers with the key or with how many
 * the owner already holds; the refusal is made here.
 */
import { AppError } from '../../errors.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.repository.ts';

export const KEY_LIMITS = {
  apiKeys: 25,
  signingKeys: { account: 25, demo: 8 },
  serviceKeys: { account: 50, demo: 5 },
} as const;

export type KeyKind = 'API keys' | 'signing keys' | 'signing and encryption keys' | 'service keys';

/** What a repository's create-within-limit answers: the key, or the count held when it is `limit` or more. */
export type WithinLimit<T> = { key: T } | { limitReached: number };

/** The owner's limit for a kind that demo sessions hold too. */
export function limitFor(kind: 'signingKeys' | 'serviceKeys', owner: KeyOwner): number {
  return 'userId' in owner ? KEY_LIMITS[kind].account : KEY_LIMITS[kind].demo;
}

/** The key created, or 409 key_limit_reached naming how many the owner holds. */
export function keyWithinLimit<T>(kind: KeyKind, result: WithinLimit<T>): T {
  if ('key' in result) return result.key;
  throw new AppError(409, 'key_limit_reached', `You already have ${result.limitReached} ${kind}, the most allowed: delete or reuse one first.`);
}
