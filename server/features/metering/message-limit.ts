/**
 * How long a message to sign may be (docs/api.md §2.2). Every call stores its message in the
 * operation history, so the size is bounded: 64 KiB of UTF-8 for a metered API call, 4 KiB for an
 * anonymous demo call. Larger documents are signed by their hash, as with any signature API.
 */
import { AppError } from '../../errors.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.service.ts';

export const MESSAGE_LIMITS = { api: 64 * 1024, demo: 4 * 1024 } as const;

/** A 413 naming `message` when it is over the caller's limit. */
export function checkMessageSize(owner: KeyOwner, message: string): void {
  const limit = 'demoSessionId' in owner ? MESSAGE_LIMITS.demo : MESSAGE_LIMITS.api;
  const size = Buffer.byteLength(message, 'utf8');
  if (size > limit) {
    throw new AppError(
      413,
      'message_too_long',
      `message must be at most ${limit.toLocaleString('en-US')} bytes of UTF-8 (got ${size.toLocaleString('en-US')}): sign a hash of a longer document instead.`,
      'message',
    );
  }
}
