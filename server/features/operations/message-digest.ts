/**
 * An API call's record for an account whose history keeps digests (docs/decisions/038): the
 * message's SHA-256 and length in bytes instead of its text, so the history proves what was signed
 * without holding it.
 */
import { createHash } from 'node:crypto';
import type { NewOperation } from './operations.service.ts';

export function keepDigestOnly(record: NewOperation): void {
  const bytes = Buffer.from(record.message, sentAsBytes(record) ? 'base64' : 'utf8');
  record.messageSha256 = createHash('sha256').update(bytes).digest('hex');
  record.messageLength = bytes.length;
  record.message = '';
}

/**
 * Calls that send bytes rather than text (signing by message type, docs/decisions/053) record
 * them as base64 and say so in metadata.messageEncoding: their digest is of the bytes themselves.
 */
function sentAsBytes(record: NewOperation): boolean {
  const metadata = record.metadata as { messageEncoding?: unknown } | null | undefined;
  return metadata?.messageEncoding === 'base64';
}
