/**
 * The typed errors of a managed key's lifecycle (docs/decisions/056-key-versions-and-lifecycle.md):
 * what refuses an operation with a key that is not enabled, and what names a version that is not there.
 */
import type { KeyState } from '../../../shared/key-lifecycle.ts';
import { keyPurposeOf, type KeyPurpose } from '../../../shared/managed-keys.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';

/**
 * Another owner's key answers the same as none (docs/api.md §7). Signing paths keep the code they
 * always had; the encryption calls, newer, say key_not_found (docs/decisions/054).
 */
export const keyNotFound = (algorithm?: string, purpose?: KeyPurpose) =>
  notFound(purpose === 'encrypt' ? 'key_not_found' : 'signing_key_not_found', algorithm ? `No ${algorithm} key with this id belongs to you.` : 'No key with this id belongs to you.', 'keyId');

/** 400 wrong_key_purpose: the key exists and is the caller's, but is for the other purpose. */
export function wrongPurpose(algorithm: string, wanted: KeyPurpose): AppError {
  const use = wanted === 'sign' ? 'sign and verify with a signing key (purpose sign)' : 'encrypt and decrypt with an ML-KEM-768 key (purpose encrypt)';
  return badRequest('wrong_key_purpose', `keyId names your ${algorithm} key, whose purpose is ${keyPurposeOf(algorithm)}: ${use} instead (GET /api/v1/keys lists each key's purpose).`, 'keyId');
}

export const versionNotFound = (keyId: string, version: number) =>
  notFound('key_version_not_found', `Key ${keyId} has no version ${version}: GET /api/v1/keys/${keyId}/versions lists them.`, 'keyVersion');

export const keyDestroyed = (keyId: string) =>
  new AppError(410, 'key_destroyed', `Key ${keyId} was destroyed: its seeds are gone; its public keys still verify what it signed.`, 'keyId');

/** Why a key in `state` refuses to be used, or undefined when it is enabled. */
export function refusalOf(keyId: string, state: KeyState): AppError | undefined {
  switch (state) {
    case 'enabled':
      return undefined;
    case 'disabled':
      return conflict('key_disabled', `Key ${keyId} is disabled: enable it (POST /api/v1/keys/${keyId}/enable) to use it.`, 'keyId');
    case 'pending_deletion':
      return conflict('key_pending_deletion', `Key ${keyId} is scheduled for deletion: cancel it (POST /api/v1/keys/${keyId}/cancel-deletion) to use the key.`, 'keyId');
    case 'destroyed':
      return keyDestroyed(keyId);
  }
}

/** A change raced with another on the same key (a rotation, a state change): the caller may try again. */
export const keyChanged = (keyId: string) => conflict('key_changed', `Key ${keyId} was changed by another call at the same time: read it again and retry.`, 'keyId');
