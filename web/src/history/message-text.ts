/**
 * What a history entry shows of its message: the text, or, for an account whose history keeps
 * digests (docs/decisions/038), the SHA-256 and length that stand for it.
 */
export interface StoredMessage {
  message: string | null;
  messageSha256: string | null;
  messageLength: number | null;
}

export const MESSAGE_CUT = 100;

export function messageText(m: StoredMessage): string {
  return m.message ?? `SHA-256 ${m.messageSha256 ?? ''} (${m.messageLength ?? 0} bytes; the text is not kept)`;
}

/** The list's short form: the first MESSAGE_CUT characters of a text, a digest's first 16 hex digits. */
export function cutMessage(m: StoredMessage): string {
  if (m.message === null) return `SHA-256 ${(m.messageSha256 ?? '').slice(0, 16)}… (${m.messageLength ?? 0} bytes; the text is not kept)`;
  return m.message.length > MESSAGE_CUT ? `${m.message.slice(0, MESSAGE_CUT)}...` : m.message;
}
