/**
 * The history page's pages of operations (docs/product.md §2.9): GET /api/crypto/operations gives
 * them newest first, `limit` at a time, and a full page names the next one in X-Next-Cursor, which
 * goes back as `before` (docs/api.md §9).
 */
import { throwIfNotOk } from '../lib/api.ts';
import type { Operation } from './filter.ts';

/** Operations per page: a screenful or two of entries, and a second page within reach of a test. */
export const HISTORY_PAGE_SIZE = 50;

export interface OperationPage {
  operations: Operation[];
  /** The cursor of the next (older) page; null when this page was the last. */
  next: number | null;
}

/** The page of operations older than `before` (the newest page when null). */
export async function fetchOperationPage(before: number | null, limit = HISTORY_PAGE_SIZE): Promise<OperationPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before !== null) query.set('before', String(before));
  const res = await fetch(`/api/crypto/operations?${query}`, { credentials: 'include' });
  await throwIfNotOk(res);
  const cursor = res.headers.get('X-Next-Cursor');
  // The server's answer is checked against CryptoOperationList before it is sent (outside production).
  return { operations: (await res.json()) as Operation[], next: cursor !== null && /^[1-9][0-9]*$/.test(cursor) ? Number(cursor) : null };
}
