/**
 * Every page says only what the product does, checked in a real browser against the real server:
 * Dilion's privacy identifier presented as built, the Dilion tab naming the M it signed, stat cards
 * with exact sizes only, QES2's measured time overhead, and zk-FIDNA (not built) marked as in
 * development everywhere, with nothing to click into a 404. Screenshots of each page at 1280 and
 * 390 px go to screenshots/ (gitignored).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipBrowserTests, startStack, type Stack } from './stack.ts';

const shots = resolve(import.meta.dirname, '../../screenshots');
let stack: Stack;

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? '';
const M_WITH_UID = 'M = 0x01 ‖ serviceKeyId ‖ C1 ‖ u16be(|C2|) ‖ C2 ‖ message';

describe.skipIf(skipBrowserTests)('honest copy', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('presents Dilion’s privacy identifier as built and zk-FIDNA as in development on the home page', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/');
    const dilion = await text(page, 'algorithm-Dilion');
    expect(dilion).not.toContain('Next:');
    expect(dilion).toContain('sealed with HPKE to the service’s ML-KEM-768 key');
    const zk = page.getByTestId('algorithm-zk-FIDNA');
    expect(await zk.textContent()).toContain('In development');
    expect(await zk.textContent()).not.toContain('Coming soon');
    await page.getByTestId('algorithm-QES2_ECDSA').getByText('Live').waitFor();
    const body = (await page.locator('main').textContent()) ?? '';
    expect(body).not.toContain('4 algorithms');
    expect(body).toContain('3 algorithms live');
    expect(body).not.toContain('A CBDC pilot uses zero-knowledge balance proofs');
    expect(body).not.toContain('Upgrade from your dashboard');
    expect(errors).toEqual([]);
  });

  it('names the M each Dilion signature is over, from its pidCipher', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/demo');
    const help = page.getByTestId('dilion-help');
    expect(await help.textContent()).toContain(M_WITH_UID);

    // Server, no UID: pidCipher N/A, so M starts with 0x00.
    await page.getByLabel('User ID (UID)').fill('');
    await page.getByRole('button', { name: 'Generate Signature' }).click();
    await expect.poll(() => help.textContent()).toContain('over M = 0x00 ‖ message (no UID bound: pidCipher N/A)');
    expect(await help.textContent()).not.toContain('0x01');
    expect(await text(page, 'dilion-output')).toContain('Signed M0x00 ‖ message');

    // Server, with a UID: bound, so M starts with 0x01.
    await page.getByLabel('User ID (UID)').fill('user@example.com');
    await page.getByRole('button', { name: 'Generate Signature' }).click();
    await page.getByTestId('dilion-output').getByText('pidCipher C1').waitFor();
    expect(await help.textContent()).toContain(`This signature is FIPS 204 ML-DSA-65 over ${M_WITH_UID} (the UID is bound: pidCipher present)`);
    expect(await help.textContent()).not.toContain('0x00');
    expect(await text(page, 'dilion-output')).toContain('Signed M0x01 ‖ serviceKeyId');

    // The browser never binds a UID, whatever the field says.
    await page.getByRole('radio', { name: 'This browser' }).check();
    await page.getByRole('button', { name: 'Generate Signature' }).click();
    await page.getByTestId('dilion-output').getByText(/Signed in this browser/).waitFor();
    expect(await help.textContent()).toContain('over M = 0x00 ‖ message (no UID bound');
    expect(errors).toEqual([]);
  });

  it('shows exact sizes before a benchmark, never the prototype’s, and nothing for zk-FIDNA', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/demo');
    await page.getByRole('tab', { name: 'Performance Benchmark' }).click();
    const cards = page.getByTestId('stat-cards');
    await cards.waitFor();
    const prototype = /4,096|4,160|4,259|1,024|~/;
    expect(await cards.textContent()).toContain('3,309 B');
    expect(await cards.textContent()).not.toMatch(prototype);
    await shot(page, 'copy-benchmark-before-1280');

    for (const [option, size, key] of [['qes2-ecdsa', '3,373 B', '1,985 B'], ['qes2-schnorr', '3,373 B', '1,984 B']]) {
      await page.getByRole('combobox', { name: 'Algorithm' }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
      await expect.poll(() => cards.textContent()).toContain(size);
      expect(await cards.textContent()).not.toMatch(prototype);
      expect(await text(page, 'stat-cards-note')).toContain(`its public key is ${key}`);
    }

    // zk-FIDNA: the option says it is in development, Start is disabled, the cards show nothing.
    await page.getByRole('combobox', { name: 'Algorithm' }).click();
    await page.getByRole('option', { name: 'zk-fidna (in development)' }).click();
    await page.getByTestId('bench-in-development').waitFor();
    expect(await page.getByRole('button', { name: 'Start Benchmark' }).isDisabled()).toBe(true);
    expect(await cards.locator('.stat-value').allTextContents()).toEqual(Array(7).fill('—'));
    await shot(page, 'copy-benchmark-zk-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'copy-benchmark-zk-390');
    expect(errors).toEqual([]);
  });

  it('says the zk-FIDNA tab is in development and gives it no button that can fail', async () => {
    const { page, errors } = await stack.page();
    const zkCalls: string[] = [];
    page.on('request', (r) => r.url().includes('zk-fidna') && zkCalls.push(r.url()));
    await page.goto('/demo');
    await page.getByRole('tab', { name: 'zk-FIDNA' }).click();
    expect(await text(page, 'zk-in-development')).toContain('zk-FIDNA is in development');
    const generate = page.getByRole('button', { name: 'Generate zk-FIDNA' });
    expect(await generate.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Verify', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Secret Value (X)').isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Circuit Type' }).isDisabled()).toBe(true);
    // Even a forced click on the disabled button sends nothing and raises no toast.
    await generate.click({ force: true });
    await page.waitForTimeout(300);
    expect(zkCalls).toEqual([]);
    expect(await page.getByTestId('toast').count()).toBe(0);
    await shot(page, 'copy-demo-zk-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'copy-demo-zk-390');
    expect(errors).toEqual([]);
  });

  it('sets zk-FIDNA’s design figures apart on the Technology page and publishes QES2’s measured time overhead', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/tech');
    const zk = page.getByTestId('spec-zk-FIDNA');
    expect(await zk.getAttribute('data-status')).toBe('in-development');
    expect(await zk.textContent()).toContain('In development');
    expect(await zk.textContent()).toContain('design figures, not measurements');
    expect(await page.getByTestId('spec-Dilion').getAttribute('data-status')).toBe('shipped');
    expect(await page.getByTestId('flow-zk-FIDNA').getAttribute('data-status')).toBe('in-development');
    // Drawn apart: a dashed border, where shipped cards have a solid one.
    const border = (id: string) => page.getByTestId(id).evaluate((e) => getComputedStyle(e).borderTopStyle);
    expect([await border('spec-zk-FIDNA'), await border('spec-Dilion')]).toEqual(['dashed', 'solid']);
    // zk-FIDNA's figures appear only inside what is marked in development.
    const where = await page.evaluate(() => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (/826 B|Transparent/.test(node.textContent ?? '')) found.push(node.parentElement?.closest('[data-status="in-development"]') ? 'marked' : 'unmarked');
      }
      return found;
    });
    expect(where).toEqual(['marked', 'marked']);
    expect(await page.locator('main').textContent()).toContain('zk-FIDNA is in development: its card shows design figures, not measurements.');

    const qes2 = (await text(page, 'spec-QES2 Hybrid')).replace(/\s+/g, ' ');
    expect(qes2).toContain('Sign time+16–22 % · +21–41 %ECDSA · Schnorr, over ML-DSA-65 signing from its seed');
    expect(qes2).toContain('Verify time+147–158 % · +130–144 %');
    expect(qes2).toContain('measured with npm run bench -- secp256k1, 2 shared vCPUs');
    expect(qes2).not.toContain('measured, not assumed');
    await shot(page, 'copy-tech-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'copy-tech-390');
    expect(errors).toEqual([]);
  });

  it('marks zk-FIDNA in development in the API docs, and points to the key endpoints rather than a dashboard', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/api-docs');
    await page.getByTestId('endpoint-/api/crypto/dilion/sign').getByText('Live').waitFor();
    expect(await page.locator('main').textContent()).not.toContain('see each new secret once in your dashboard');
    await page.getByRole('tab', { name: 'zk-FIDNA Proofs' }).click();
    expect(await text(page, 'api-docs-in-development')).toContain('zk-FIDNA is in development');
    expect(await page.getByTestId('endpoint-/api/crypto/zk-fidna/prove').textContent()).toContain('In development');
    expect(await page.getByTestId('endpoint-/api/crypto/zk-fidna/prove').textContent()).not.toContain('Coming soon');
    await shot(page, 'copy-api-docs-zk-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'copy-api-docs-zk-390');
    expect(errors).toEqual([]);
  });

  it('claims on the sign-in page only the algorithms that are live', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/login');
    const hero = (await page.locator('.auth-hero').textContent()) ?? '';
    expect(hero).toContain('Zero-knowledge balance and range proofs (in development)');
    expect(hero).toContain('3Algorithms live');
    expect(hero).not.toContain('usage and billing');
    expect(errors).toEqual([]);
  });

  for (const width of [1280, 390]) {
    it(`fits the changed pages into ${width} px, and saves their screenshots`, async () => {
      const { page, errors } = await stack.page({ width, height: 900 });
      for (const route of ['/', '/demo', '/tech', '/api-docs', '/login', '/dashboard']) {
        await page.goto(route, { waitUntil: 'networkidle' });
        await page.locator('main h1').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${route} is wider than the screen`).toBeLessThanOrEqual(width);
        await shot(page, `copy${route === '/' ? '-home' : route.replaceAll('/', '-')}-${width}`);
      }
      expect(errors).toEqual([]);
    });
  }
});
