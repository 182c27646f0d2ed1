/**
 * The Technology page and the /test page as React renders them, in English and in Korean
 * (docs/decisions/041). The built pages are checked in Chromium by web/e2e/copy.test.ts and
 * web/e2e/content.test.ts.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { setLanguage } from '../../i18n/index.ts';
import Tech from '../Tech.tsx';
import TestPlans from '../TestPlans.tsx';

const render = (page: ComponentType, path: string) =>
  renderToStaticMarkup(
    createElement(QueryClientProvider, { client: new QueryClient() }, createElement(Router, { ssrPath: path, children: createElement(page) })),
  );

describe('the Technology page', () => {
  afterEach(() => setLanguage('en'));

  it('reads in English, with its inline code, bold and link kept', () => {
    const html = render(Tech, '/tech');
    expect(html).toContain('<h1>How the cryptography works</h1>');
    expect(html).toContain('<b>zk-FIDNA</b> commits to amounts with Pedersen commitments');
    expect(html).toContain('Build the context <code>dilion/v1|</code> + sid (default <code>default</code>).');
    expect(html).toContain('For request formats, see the <a href="/api-docs">API docs</a>.');
    expect(html).toContain('data-testid="spec-QES2 Hybrid"');
    expect(html).toContain('<h3 style="margin:0">QES2 Hybrid</h3>');
  });

  it('reads in Korean, with the same markup, figures and test ids', async () => {
    await setLanguage('ko');
    const html = render(Tech, '/tech');
    expect(html).toContain('<h1>암호 기술의 작동 방식</h1>');
    expect(html).toContain('<b>zk-FIDNA</b>는 Pedersen 커밋먼트로 금액을 커밋하고');
    expect(html).toContain('컨텍스트 <code>dilion/v1|</code> + sid를 만듭니다(기본값 <code>default</code>).');
    expect(html).toContain('요청 형식은 <a href="/api-docs">API 문서</a>를 참고하세요.');
    expect(html).toContain('<span class="badge badge-danger">보호하지 않는 것</span>');
    expect(html).toContain('data-testid="spec-QES2 Hybrid"');
    expect(html).toContain('<h3 style="margin:0">QES2 하이브리드</h3>');
    expect(html).toContain('+147–158 % · +130–144 %');
    expect(html).not.toMatch(/How the|Specifications|Protects|Signature σ|Verifiers/);
  });
});

describe('the /test page', () => {
  afterEach(() => setLanguage('en'));

  it('is in Korean whatever the site’s language (docs/product.md §2.11)', async () => {
    for (const language of ['en', 'ko'] as const) {
      await setLanguage(language);
      const html = render(TestPlans, '/test');
      expect(html).toContain('lang="ko"');
      expect(html).toContain('<h1>요금제 테스트</h1>');
      expect(html).toContain('로그인과 요금제 구매 흐름을 확인하는 테스트 페이지입니다.');
      expect(html).toContain('월 10,000회 (10K) API 호출');
      expect(html).toContain('<span class="badge">인기</span>');
      expect(html).toContain('무료로 시작하기');
    }
  });
});
