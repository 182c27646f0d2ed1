/**
 * The client in a real browser (Debian's Chromium): bundled for the browser as a page would bundle
 * it, it signs through the API with fetch, verifies the answer offline with the engine it loads on
 * first use (release.wasm fetched from beside the engine chunk), and throws the API's typed errors.
 */
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchOptions, skipBrowserTests } from '../../engine/test-support/chromium.ts';
import { listeningTestApp, type ListeningTestApp } from '../../server/test-support.ts';

const WASM = new URL('../../engine/build/release.wasm', import.meta.url);
/** A page that imports the bundle as a web page would, and hands it to the test as window.pqClient. */
const PAGE = '<!doctype html><title>client</title><script type="module">import * as client from "/client/index.js"; window.pqClient = client;</script>';
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.wasm': 'application/wasm' };

let live: ListeningTestApp;
let browser: Browser;
let out: string;

beforeAll(async () => {
  if (skipBrowserTests) return;
  live = await listeningTestApp();
  out = mkdtempSync(join(tmpdir(), 'pq-client-browser-'));
  await build({
    entryPoints: [new URL('./index.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    splitting: true,
    outdir: join(out, 'client'),
    external: ['node:fs/promises'],
    logLevel: 'silent',
  });
  browser = await chromium.launch(launchOptions());
});

afterAll(async () => {
  await browser?.close();
  await live?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

describe.skipIf(skipBrowserTests)('the client in Chromium', () => {
  it('signs with fetch, verifies offline on the engine it loads, and throws PqApiError with the code', async () => {
    const page = await browser.newPage();
    // The bundle is served from the API's own origin: /client/… its chunks, /build/release.wasm the
    // engine the chunk asks for (new URL('../build/release.wasm', import.meta.url)); every other
    // request reaches the real server.
    await page.route(`${live.baseUrl}/client/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      const body = path === '/client/page.html' ? PAGE : readFileSync(join(out, path));
      return route.fulfill({ status: 200, contentType: TYPES[extname(path)] ?? 'text/plain', body });
    });
    await page.route(`${live.baseUrl}/build/release.wasm`, (route) => route.fulfill({ status: 200, contentType: 'application/wasm', body: readFileSync(WASM) }));
    await page.goto(`${live.baseUrl}/client/page.html`);
    await page.waitForFunction(() => 'pqClient' in window);
    const { apiKey, apiSecret } = live.account;
    const outcome = await page.evaluate(
      async ({ apiKey, apiSecret }) => {
        const { PqClient, verifyDilion } = (window as unknown as { pqClient: typeof import('./index.ts') }).pqClient;
        const pq = new PqClient({ baseUrl: location.origin, apiKey, apiSecret });
        const signed = await pq.dilion.sign({ message: 'from a browser', sid: 'web' });
        const served = await pq.dilion.verify({ message: 'from a browser', signature: signed.signature.encoded, publicKey: signed.publicKey, sid: 'web' });
        const offline = await verifyDilion(signed, { message: 'from a browser' });
        const other = await verifyDilion(signed, { message: 'from another browser' });
        const refused = await new PqClient({ baseUrl: location.origin, apiKey, apiSecret: 'sk_wrong' }).dilion
          .sign({ message: 'x', sid: 'web' })
          .then(() => null, (e: { name: string; status: number; code: string; requestId?: string }) => ({ name: e.name, status: e.status, code: e.code, requestId: typeof e.requestId }));
        return { served: served.valid, offline: offline.valid, other: other.valid, refused };
      },
      { apiKey, apiSecret },
    );
    expect(outcome).toEqual({ served: true, offline: true, other: false, refused: { name: 'PqApiError', status: 401, code: 'invalid_api_key', requestId: 'string' } });
  });
});
