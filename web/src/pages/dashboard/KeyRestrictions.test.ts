/**
 * The API key's restrictions form and line (docs/decisions/036, 057): a checkbox for each operation,
 * manage among them and ticked only when the key names it, a note that ticking none never gives
 * manage, in English and Korean. web/e2e/dashboard.test.ts ticks the boxes in Chromium.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_OPERATIONS, type KeyOperation } from '../../../../shared/key-operations.ts';
import { setLanguage } from '../../i18n/index.ts';
import { KeyRestrictionsForm, restrictionText } from './KeyRestrictions.tsx';
import type { ApiKeyView } from './types.ts';

const keyWith = (allowedOperations: KeyOperation[] | null) => ({ id: 7, keyName: 'ci', allowedOperations, expiresAt: null }) as ApiKeyView;
const render = (allowedOperations: KeyOperation[] | null) =>
  renderToStaticMarkup(createElement(KeyRestrictionsForm, { apiKey: keyWith(allowedOperations), busy: false, onSave: () => {}, onCancel: () => {} }));
/** The operation names of the checkboxes, and which are ticked. */
const boxes = (html: string) => [...html.matchAll(/<input type="checkbox"( checked="")?\/>(\w+)<\/label>/g)].map((m) => ({ op: m[2], ticked: m[1] !== undefined }));

describe('the API key restrictions form', () => {
  afterEach(() => setLanguage('en'));

  it('has a checkbox for every operation, manage last, ticked only when the key names it', () => {
    expect(boxes(render(null)).map((b) => b.op)).toEqual([...KEY_OPERATIONS]);
    expect(KEY_OPERATIONS.at(-1)).toBe('manage');
    expect(boxes(render(null)).filter((b) => b.ticked)).toEqual([]);
    expect(boxes(render(['verify', 'manage'])).filter((b) => b.ticked).map((b) => b.op)).toEqual(['verify', 'manage']);
    expect(boxes(render(['sign'])).find((b) => b.op === 'manage')?.ticked).toBe(false);
  });

  it('says that ticking none gives every operation but manage, and what manage does, in English and Korean', async () => {
    const english = render(null);
    expect(english).toContain('Operations this key may call (none ticked: every one but manage)');
    expect(english).toContain('list and rotate your API keys');
    expect(restrictionText(keyWith(null))).toMatch(/^Any operation but manage · /);
    expect(restrictionText(keyWith(['manage']))).toMatch(/^Only manage · /);
    await setLanguage('ko');
    const korean = render(null);
    expect(korean).toContain('선택 없음: manage를 제외한 전체');
    expect(korean).toContain('API 키를 조회하고 교체하며');
    expect(restrictionText(keyWith(null))).toMatch(/^manage를 제외한 모든 작업 · /);
  });
});
