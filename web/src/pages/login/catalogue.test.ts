import { describe, expect, it } from 'vitest';
import { RESET_REQUESTED } from '../../../../server/features/auth/account.routes.ts';
import { flatten } from '../../i18n/catalogue.ts';
import en from '../../i18n/locales/en/account.ts';
import ko from '../../i18n/locales/ko/account.ts';

/**
 * The account catalogue's texts with links go through <Trans>, whose parser reads HTML: a void
 * element's name (<link>) would close at once and leave its text outside. So the tags are <a>,
 * <terms> and <privacy>, each closed, and Korean keeps the English tags (docs/decisions/041).
 */
const tags = (text: string) => [...text.matchAll(/<\/?([a-z]+)>/g)].map((m) => m[0]);

describe('the account catalogue', () => {
  it('marks links only with <a>, <terms> and <privacy>, each closed, the same in Korean', () => {
    const korean = flatten(ko);
    for (const [key, text] of flatten(en)) {
      const found = tags(text);
      for (const tag of found) expect(['<a>', '</a>', '<terms>', '</terms>', '<privacy>', '</privacy>'], key).toContain(tag);
      expect(found.filter((t) => !t.startsWith('</')).length, key).toBe(found.filter((t) => t.startsWith('</')).length);
      expect(tags(korean.get(key) ?? '').sort(), key).toEqual(found.sort());
    }
  });

  it('says the server’s answer to a reset request in its own words: the English is the server’s sentence', () => {
    expect(en.reset.request.requested).toBe(RESET_REQUESTED);
  });
});
