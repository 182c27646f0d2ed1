/**
 * The Korean Privacy and Terms pages (docs/decisions/041) are translations of docs/product.md §11
 * and §12 kept beside the pages: they must have the same shape (headings, paragraphs, lists and
 * their items, in order) and name the same figures (days, counts, amounts), so that a change to the
 * English section that is not carried into Korean fails here instead of drifting silently.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blocksOf, sectionOf, type Block } from './markdown.ts';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const product = read('../../../../docs/product.md');
const HANGUL = /[\uac00-\ud7a3]/;

/** Each block as its kind, a heading's level, a list's number of items. */
const shape = (blocks: Block[]) => blocks.map((b) => (b.kind === 'heading' ? `h${b.level}` : b.kind === 'list' ? `list of ${b.items.length}` : 'paragraph'));

/** A block's text, inline markup and all. */
const textOf = (b: Block) =>
  b.kind === 'heading' ? b.text : b.kind === 'paragraph' ? b.inlines.map((i) => i.text).join('') : b.items.map((item) => item.map((i) => i.text).join('')).join('\n');

/** The figures a text names, sorted: "7", "30", "0.01", "10,000"... */
const figures = (text: string) => [...text.matchAll(/\d[\d,.]*\d|\d/g)].map((m) => m[0]).sort();

/** The code spans and bold words a text keeps as they are (routes, cookies, key prefixes). */
const codes = (blocks: Block[]) =>
  blocks.flatMap((b) => (b.kind === 'paragraph' ? [b.inlines] : b.kind === 'list' ? b.items : [])).flat().filter((i) => i.kind === 'code').map((i) => i.text);

/**
 * Figures the Korean writes where the English has words, as Korean does: "two-factor" is 2단계 인증
 * (the dashboard's term too), "a year" is 1년 and "third-party" is 제3자.
 */
const KOREAN_ONLY: Record<string, string[]> = { privacy: ['1', '2', '3'], terms: ['2'] };

describe.each([
  { page: 'privacy', title: 'Privacy', file: './privacy.ko.md' },
  { page: 'terms', title: 'Terms of service', file: './terms.ko.md' },
])('the Korean $page page', ({ page, title, file }) => {
  const english = blocksOf(sectionOf(product, title));
  const korean = blocksOf(read(file));

  it('has the English section’s headings, paragraphs and list items, in the same order', () => {
    expect(shape(korean)).toEqual(shape(english));
  });

  it('is in Korean, block by block', () => {
    expect(korean.filter((b) => !HANGUL.test(textOf(b))).map(textOf)).toEqual([]);
  });

  it('names the same figures in each block, and keeps every route, cookie and key prefix', () => {
    const extra = KOREAN_ONLY[page]!;
    const differing = english
      .map((b, i) => ({ english: figures(textOf(b)), korean: figures(textOf(korean[i]!)).filter((f) => !extra.includes(f) || figures(textOf(b)).includes(f)) }))
      .filter((pair) => pair.english.join() !== pair.korean.join());
    expect(differing).toEqual([]);
    expect(codes(korean)).toEqual(codes(english));
  });
});
