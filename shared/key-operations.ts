/**
 * What an API key may be restricted to (docs/decisions/036, 057), shared by the database schema, the
 * contract and the dashboard. The metered operations are the calls a key makes on the crypto API;
 * `manage` is the account's management routes (usage, API keys, managed keys) and is never implied:
 * a key manages only when its list names `manage` (docs/decisions/057-management-api-keys.md).
 */

/** encrypt: an ML-KEM key's encapsulate, seal, generate-data-key; decrypt: its decapsulate, open (docs/decisions/054). */
export const METERED_OPERATIONS = ['sign', 'verify', 'prove', 'encrypt', 'decrypt'] as const;
export type MeteredOperation = (typeof METERED_OPERATIONS)[number];

export const KEY_OPERATIONS = [...METERED_OPERATIONS, 'manage'] as const;
export type KeyOperation = (typeof KEY_OPERATIONS)[number];

/** May a key with this list call the management routes? null (every metered operation) does not include manage. */
export function canManage(allowedOperations: readonly KeyOperation[] | null): boolean {
  return allowedOperations !== null && allowedOperations.includes('manage');
}

/** May a key with this list make a metered call of `operation`? null: every metered operation. */
export function mayCall(allowedOperations: readonly KeyOperation[] | null, operation: MeteredOperation): boolean {
  return allowedOperations === null || allowedOperations.includes(operation);
}
