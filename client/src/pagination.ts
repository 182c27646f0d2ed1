/**
 * The API's paged lists (audit events, operations, purchases; server/contract/common.ts PageQuery)
 * take `limit` and `before`, and a full page answers X-Next-Cursor: the `before` of the next page.
 * A page without the header is the last. `pages` walks them, generic over how one page is fetched,
 * so each list's typed call plugs in without this module knowing its path.
 */
import { PqError } from './errors.ts';

/** One page: its items and the cursor of the next one (the X-Next-Cursor header), if any. */
export interface Page<T> {
  items: T[];
  nextCursor?: string | number | null | undefined;
}

/** Fetches the page older than `before` (undefined: the newest page), at most `limit` items. */
export type PageSource<T> = (query: { limit: number; before?: number }) => Promise<Page<T>>;

export interface PagesOptions {
  /** Items per request, 1 to the API's maximum. Default 100. */
  limit?: number;
  /** Start below this cursor instead of at the newest item. */
  before?: number;
}

/** The cursor of a response's X-Next-Cursor header, or undefined when there is none (the last page). */
export function nextCursorOf(response: Pick<Response, 'headers'>): number | undefined {
  const header = response.headers.get('x-next-cursor');
  return header === null || header.trim() === '' ? undefined : Number(header);
}

/**
 * Every page of a list in order, newest first, until a page without a next cursor. The cursors
 * must go down (they are ids or sequence numbers, and each page is older than the last): one that
 * does not, or is not a positive whole number, stops the walk with a PqError instead of asking
 * for the same page forever.
 */
export async function* pages<T>(fetchPage: PageSource<T>, options: PagesOptions = {}): AsyncGenerator<T[], void, undefined> {
  const limit = options.limit ?? 100;
  let before = options.before;
  for (;;) {
    const page = await fetchPage(before === undefined ? { limit } : { limit, before });
    if (page.items.length > 0) yield page.items;
    if (page.nextCursor === undefined || page.nextCursor === null || page.nextCursor === '') return;
    const next = Number(page.nextCursor);
    if (!Number.isSafeInteger(next) || next <= 0) throw new PqError(`The list answered the cursor "${page.nextCursor}", which is not a positive whole number: stopped paging.`);
    if (before !== undefined && next >= before) throw new PqError(`The list's next cursor ${next} does not go below the last one (${before}): stopped paging rather than repeat a page.`);
    before = next;
  }
}

/** Every item of a list, one at a time, fetching pages as they are needed. */
export async function* items<T>(fetchPage: PageSource<T>, options: PagesOptions = {}): AsyncGenerator<T, void, undefined> {
  for await (const page of pages(fetchPage, options)) yield* page;
}
