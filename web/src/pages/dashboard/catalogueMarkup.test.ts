import { describe, expect, it } from 'vitest';
import { flatten } from '../../i18n/catalogue.ts';
import en from '../../i18n/locales/en/dashboard.ts';
import ko from '../../i18n/locales/ko/dashboard.ts';

/**
 * The dashboard's texts with markup go through <Trans>, whose parser reads HTML: a void element's
 * name (<link>, <img>…) closes at once and leaves its text outside. So the texts use only <a>, <code>
 * and <strong>, each closed, and a translation keeps the English text's tags (docs/decisions/041).
 */
const tags = (text: string) => [...text.matchAll(/<\/?([a-z]+)>/g)].map((m) => m[0]);

describe('the dashboard catalogue’s markup', () => {
  const english = flatten(en);
  const korean = flatten(ko);

  it('uses only <a>, <code> and <strong>, each opened and closed', () => {
    for (const [key, text] of [...english, ...korean]) {
      const found = tags(text);
      for (const tag of found) expect(['<a>', '</a>', '<code>', '</code>', '<strong>', '</strong>'], key).toContain(tag);
      expect(found.filter((t) => !t.startsWith('</')).length, key).toBe(found.filter((t) => t.startsWith('</')).length);
    }
  });

  it('keeps the English tags in Korean', () => {
    for (const [key, text] of english) expect(tags(korean.get(key) ?? '').sort(), key).toEqual(tags(text).sort());
  });
});
