import { describe, expect, it } from 'vitest';
import { PqError } from './errors.ts';
import { items, nextCursorOf, pages, type Page, type PageSource } from './pagination.ts';

/** A list of ids n..1 paged as the API pages it: newest first, a cursor on a full page only. */
function fakeList(n: number) {
  const asked: { limit: number; before?: number }[] = [];
  const source: PageSource<number> = async (query) => {
    asked.push(query);
    const older = Array.from({ length: n }, (_, i) => n - i).filter((id) => query.before === undefined || id < query.before);
    const page = older.slice(0, query.limit);
    return { items: page, nextCursor: page.length === query.limit ? page[page.length - 1] : undefined };
  };
  return { source, asked };
}

const collect = async <T>(iterable: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const value of iterable) out.push(value);
  return out;
};

describe('pages', () => {
  it('walks every page newest first, passing each X-Next-Cursor back as before, and stops at a page without one', async () => {
    const { source, asked } = fakeList(7);
    expect(await collect(pages(source, { limit: 3 }))).toEqual([[7, 6, 5], [4, 3, 2], [1]]);
    expect(asked).toEqual([{ limit: 3 }, { limit: 3, before: 5 }, { limit: 3, before: 2 }]);
  });

  it('asks once more after a full last page and yields nothing for the empty answer', async () => {
    const { source, asked } = fakeList(6);
    expect(await collect(pages(source, { limit: 3 }))).toEqual([[6, 5, 4], [3, 2, 1]]);
    expect(asked).toHaveLength(3);
  });

  it('yields nothing for an empty list', async () => {
    const { source } = fakeList(0);
    expect(await collect(pages(source))).toEqual([]);
  });

  it('starts below a given cursor, with the default limit of 100', async () => {
    const { source, asked } = fakeList(150);
    const all = await collect(items(source, { before: 120 }));
    expect(all).toHaveLength(119);
    expect(all[0]).toBe(119);
    expect(asked[0]).toEqual({ limit: 100, before: 120 });
  });

  it('stops with an error, not a loop, when the next cursor does not go down', async () => {
    let calls = 0;
    const stuck: PageSource<number> = async () => (calls++, { items: [5, 4], nextCursor: 4 });
    await expect(collect(pages(stuck, { limit: 2 }))).rejects.toThrow(PqError);
    expect(calls).toBe(2);
  });

  it('stops with an error on a cursor that is not a positive whole number', async () => {
    const bad: PageSource<number> = async (): Promise<Page<number>> => ({ items: [1], nextCursor: 'abc' });
    await expect(collect(pages(bad))).rejects.toThrow(/not a positive whole number/);
  });
});

describe('nextCursorOf', () => {
  it('reads X-Next-Cursor as a number, and undefined without it', () => {
    expect(nextCursorOf(new Response(null, { headers: { 'X-Next-Cursor': '42' } }))).toBe(42);
    expect(nextCursorOf(new Response(null))).toBeUndefined();
  });
});
