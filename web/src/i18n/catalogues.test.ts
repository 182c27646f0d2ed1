import { describe, expect, it } from 'vitest';
import { flatten, placeholders } from './catalogue.ts';
import { detectLanguage, i18n, setLanguage } from './index.ts';
import en from './locales/en/index.ts';
import ko from './locales/ko/index.ts';

const HANGUL = /[\uac00-\ud7a3]/;

describe('the catalogues (docs/decisions/041)', () => {
  it('have the same namespaces in English and Korean', () => {
    expect(Object.keys(ko).sort()).toEqual(Object.keys(en).sort());
  });

  for (const namespace of Object.keys(en) as (keyof typeof en)[]) {
    describe(namespace, () => {
      const english = flatten(en[namespace]);
      const korean = flatten(ko[namespace]);

      it('miss no key in either language', () => {
        expect([...english.keys()].filter((k) => !korean.has(k))).toEqual([]);
        expect([...korean.keys()].filter((k) => !english.has(k))).toEqual([]);
      });

      it('keep every {{placeholder}} of the English text', () => {
        const changed = [...english].filter(([k, text]) => placeholders(text).join() !== placeholders(korean.get(k) ?? '').join()).map(([k]) => k);
        expect(changed).toEqual([]);
      });

      it('have no empty text', () => {
        expect([...english, ...korean].filter(([, text]) => text.trim() === '').map(([k]) => k)).toEqual([]);
      });

      it('are translated: most Korean texts are in Hangul', () => {
        const inHangul = [...korean.values()].filter((text) => HANGUL.test(text)).length;
        expect(inHangul / korean.size).toBeGreaterThanOrEqual(0.6);
      });
    });
  }
});

describe('the language', () => {
  it('is the stored choice, else the first browser language we have, else English', () => {
    expect(detectLanguage('ko', ['en-US'])).toBe('ko');
    expect(detectLanguage(null, ['fr-FR', 'ko-KR', 'en'])).toBe('ko');
    expect(detectLanguage('de', ['en-GB'])).toBe('en');
    expect(detectLanguage(null, ['fr', 'ja'])).toBe('en');
  });

  it('switches the texts once loaded, and falls back to English for none', async () => {
    await setLanguage('ko');
    expect(i18n.t('nav.home')).toBe('홈');
    await setLanguage('en');
    expect(i18n.t('nav.home')).toBe('Home');
  });
});
