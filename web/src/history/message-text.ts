/**
 * What a history entry shows of its message: the text, or, for an account whose history keeps
 * digests (docs/decisions/038), the SHA-256 and length that stand for it, said in the page's
 * language (docs/decisions/041).
 */
import { KEM_OPERATION_TYPES } from '../../../shared/managed-keys.ts';
import { formatNumber } from '../i18n/format.ts';
import { i18n } from '../i18n/index.ts';

export interface StoredMessage {
  message: string | null;
  messageSha256: string | null;
  messageLength: number | null;
  /** The history's name of the operation type, or the dashboard's. */
  operationType?: string;
  operation?: string;
  signatureSize?: number | null;
}

export const MESSAGE_CUT = 100;

/** "SHA-256 <digest> (11 bytes; the text is not kept)". */
function digestText(digest: string, bytes: number): string {
  return i18n.t('pages:history.digest', { digest, count: bytes, bytes: formatNumber(bytes) });
}

/** An ML-KEM key's operation has no message, only sizes (docs/decisions/054): its ciphertext's, said so. */
function kemText(m: StoredMessage): string | null {
  const type = m.operationType ?? m.operation;
  if (type === undefined || !Object.hasOwn(KEM_OPERATION_TYPES, type)) return null;
  const bytes = m.signatureSize;
  return bytes == null ? i18n.t('pages:history.kemNoMessage') : i18n.t('pages:history.kemSizes', { count: bytes, bytes: formatNumber(bytes) });
}

export function messageText(m: StoredMessage): string {
  return kemText(m) ?? m.message ?? digestText(m.messageSha256 ?? '', m.messageLength ?? 0);
}

/** The list's short form: the first MESSAGE_CUT characters of a text, a digest's first 16 hex digits. */
export function cutMessage(m: StoredMessage): string {
  const kem = kemText(m);
  if (kem !== null) return kem;
  if (m.message === null) return digestText(`${(m.messageSha256 ?? '').slice(0, 16)}…`, m.messageLength ?? 0);
  return m.message.length > MESSAGE_CUT ? `${m.message.slice(0, MESSAGE_CUT)}...` : m.message;
}
