/**
 * loadEngine() in a real browser: the engine is bundled for the web, served over HTTP with the wasm
 * beside it, and run in Chromium's page and in a Web Worker; the results must equal Node's.
 */
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchOptions, skipBrowserTests } from '../test-support/chromium.ts';
import { workload, type BrowserResult } from '../test-support/browser-entry.ts';

const root = resolve(import.meta.dirname, '../..');
let server: Server;
let browser: Browser;
let origin: string;
let dir: string;

const PAGE = `<!doctype html><meta charset="utf-8"><title>engine</title>
<script type="module">
  import { workload } from '/bundle/browser-entry.js';
  window.runPage = () => workload();
  window.runWorker = () => new Promise((resolve, reject) => {
    const worker = new Worker('/bundle/browser-entry.js', { type: 'module' });
    worker.onmessage = (e) => (e.data.error ? reject(new Error(e.data.error)) : resolve(e.data.result));
    worker.onerror = (e) => reject(new Error(e.message));
    worker.postMessage('run');
  });
  window.ready = true;
</script>`;

describe.skipIf(skipBrowserTests)('the engine in Chromium', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engine-browser-'));
    await build({
      entryPoints: [join(root, 'engine/test-support/browser-entry.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      external: ['node:*'],
      outdir: join(dir, 'bundle'),
      logLevel: 'silent',
    });
    // Layout the bundle expects: /bundle/*.js, and the wasm at ../build/release.wasm from it.
    const files: Record<string, [string, string]> = {
      '/': [PAGE, 'text/html'],
      '/bundle/browser-entry.js': [readFileSync(join(dir, 'bundle/browser-entry.js'), 'utf8'), 'text/javascript'],
    };
    const wasm = readFileSync(join(root, 'engine/build/release.wasm'));
    server = createServer((req, res) => {
      if (req.url === '/build/release.wasm') {
        res.writeHead(200, { 'content-type': 'application/wasm' }).end(wasm);
        return;
      }
      const file = files[req.url ?? ''];
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': file[1] }).end(file[0]);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch(launchOptions());
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((ok) => server?.close(ok));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const inBrowser = async (fn: 'runPage' | 'runWorker'): Promise<BrowserResult> => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(origin + '/');
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    const result = await page.evaluate((name) => (window as unknown as Record<string, () => Promise<BrowserResult>>)[name](), fn);
    await page.close();
    expect(errors).toEqual([]);
    return result;
  };

  it('loads in a page and gives the same keys, signatures and hashes as Node', async () => {
    const expected = await workload();
    expect(expected.verified).toBe(true);
    expect(expected.tamperedVerified).toBe(false);
    expect(await inBrowser('runPage')).toEqual(expected);
  });

  it('loads in a module Web Worker and gives the same results', async () => {
    expect(await inBrowser('runWorker')).toEqual(await workload());
  });
});
