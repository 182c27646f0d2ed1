/**
 * The footer as React renders it, in both languages (docs/decisions/041): its links, the visitor's
 * year and the language switch, which names each language in itself. web/e2e/shell.test.ts and
 * web/e2e/korean.test.ts check it in Chromium.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { setLanguage } from '../i18n/index.ts';
import { Footer } from './Footer.tsx';

const render = () => renderToStaticMarkup(createElement(Router, { ssrPath: '/', children: createElement(Footer) }));

describe('the footer', () => {
  afterEach(() => setLanguage('en'));

  it('links the pages, shows the year and the language switch, in English', () => {
    const html = render();
    expect(html).toContain('aria-label="Footer"');
    for (const text of ['Technology', 'API Docs', 'Documentation', 'Terms', 'Privacy', 'Post-quantum signatures and proofs as an API.']) expect(html).toContain(text);
    expect(html).toContain(`© ${new Date().getFullYear()} PQ Platform. All rights reserved.`);
    expect(html).toMatch(/<label class="language-switch"><span>Language<\/span><select>/);
    expect(html).toContain('<option value="ko" lang="ko">한국어</option>');
  });

  it('reads in Korean once switched, the year without grouping', async () => {
    await setLanguage('ko');
    const html = render();
    expect(html).toContain('aria-label="바닥글"');
    for (const text of ['기술', 'API 문서', '문의', '이용약관', '개인정보 처리방침', '양자 내성 서명과 증명을 API로 제공합니다.', '<span>언어</span>']) expect(html).toContain(text);
    expect(html).toContain(`© ${new Date().getFullYear()} PQ Platform. 모든 권리 보유.`);
    expect(html).toContain('<option value="en" lang="en">English</option>');
  });
});
