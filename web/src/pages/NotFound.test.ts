/**
 * The 404 page (docs/product.md §2.13) as React renders it: a visitor gets a heading and the ways on
 * (home, Technology, API docs, the demo); the router hint shows in a development build only. The
 * built site is checked in Chromium by web/e2e/shell.test.ts.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import '../i18n/index.ts';
import NotFound from './NotFound.tsx';

const render = (path: string) => renderToStaticMarkup(createElement(Router, { ssrPath: path, children: createElement(NotFound) }));
const hrefs = (html: string) => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);

describe('the 404 page', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('names the missing path and links home, to the docs and to the demo', () => {
    vi.stubEnv('DEV', false);
    const html = render('/no/such/page');
    expect(html).toContain('<h1>Page not found</h1>');
    expect(html).toContain('<code>/no/such/page</code>');
    expect(hrefs(html).sort()).toEqual(['/', '/api-docs', '/demo', '/tech']);
  });

  it('tells a visitor nothing about source files, and a developer where routes are declared', () => {
    vi.stubEnv('DEV', false);
    expect(render('/x')).not.toContain('App.tsx');
    vi.stubEnv('DEV', true);
    expect(render('/x')).toContain('routes are declared in <code>web/src/App.tsx</code>');
  });
});
