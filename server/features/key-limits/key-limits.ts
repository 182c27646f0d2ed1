/**
 * How many keys of each kind one owner may hold (docs/api.md §7, §13): everything a caller can make
 * the server store is bounded. A demo visitor's session gets far fewer than an account.
 */
import { AppError } from '../../errors.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.service.ts';

export const KEY_LIMITS = {
  apiKeys: 25,
  signingKeys: { account: 25, demo: 8 },
  serviceKeys: { account: 50, demo: 5 },
} as const;

export type KeyKind = 'API keys' | 'signing keys' | 'service keys';

/** The owner's limit for a kind that demo sessions hold too. */
export function limitFor(kind: 'signingKeys' | 'serviceKeys', owner: KeyOwner): number {
  return 'userId' in owner ? KEY_LIMITS[kind].account : KEY_LIMITS[kind].demo;
}

/** 409 key_limit_reached when `count` keys are already held and the limit is `limit`. */
export function checkKeyLimit(kind: KeyKind, count: number, limit: number): void {
  if (count >= limit) {
    throw new AppError(409, 'key_limit_reached', `You already have ${count} ${kind}, the most allowed: delete or reuse one first.`);
  }
}
