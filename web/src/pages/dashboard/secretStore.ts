/**
 * Secrets shown once (a new key's, a rotated key's, a platform-made key's first reveal) are kept in
 * this page's memory only, so switching tabs does not lose them; a reload does, by design: the
 * server keeps no copy (docs/api.md §13).
 */
import { useSyncExternalStore } from 'react';

/** Every kind of key shares one id space (docs/decisions/036). */
export type SecretOwner = `key:${number}`;

const secrets = new Map<SecretOwner, string>();
/** Reveals already asked for, so a re-render (or React's development double effects) never asks twice. */
const requested = new Set<SecretOwner>();
const listeners = new Set<() => void>();
let version = 0;

export function keepSecret(owner: SecretOwner, secret: string): void {
  secrets.set(owner, secret);
  version++;
  listeners.forEach((l) => l());
}

/** True the first time it is called for an owner, false afterwards. */
export function claimReveal(owner: SecretOwner): boolean {
  if (requested.has(owner)) return false;
  requested.add(owner);
  return true;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useKeptSecret(owner: SecretOwner): string | undefined {
  useSyncExternalStore(subscribe, () => version);
  return secrets.get(owner);
}
