import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { fetchOperationPage, HISTORY_PAGE_SIZE } from './pages.ts';

/** Answers each fetch with `body` and the given headers, and records the URLs asked for. */
function serve(status: number, body: unknown, headers: Record<string, string> = {}) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  });
  return urls;
}

describe('a page of the history (docs/api.md §9)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the newest page, then for the page before the cursor the server named', async () => {
    const urls = serve(200, [{ id: 7 }], { 'X-Next-Cursor': '7' });
    expect(await fetchOperationPage(null)).toEqual({ operations: [{ id: 7 }], next: 7 });
    await fetchOperationPage(7, 2);
    expect(urls).toEqual([`/api/crypto/operations?limit=${HISTORY_PAGE_SIZE}`, '/api/crypto/operations?limit=2&before=7']);
  });

  it('has no next page without the header, or with a cursor that is not an id', async () => {
    serve(200, []);
    expect((await fetchOperationPage(null)).next).toBeNull();
    serve(200, [], { 'X-Next-Cursor': '0' });
    expect((await fetchOperationPage(null)).next).toBeNull();
  });

  it('throws the server’s error', async () => {
    serve(429, { message: 'Too many requests', code: 'rate_limited', requestId: 'r' });
    await expect(fetchOperationPage(null)).rejects.toEqual(new ApiError(429, 'Too many requests', 'rate_limited'));
  });
});
