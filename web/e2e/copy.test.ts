/**
 * Every page says only what the product does, checked in a real browser against the real server:
 * Dilion's privacy identifier presented as built, the Dilion tab naming the M it signed, stat cards
 * with exact sizes only, QES2's and zk-FIDNA's measured figures, zk-FIDNA live everywhere with no
 * "in development" mark left, and its tab proving in the browser by default. Screenshots of each
 * page at 1280 and 390 px go to screenshots/ (gitignored).
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

  it('presents Dilion’s privacy identifier as built and all four algorithms as live on the home page', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/');
    const dilion = await text(page, 'algorithm-Dilion');
    expect(dilion).not.toContain('Next:');
    expect(dilion).toContain('sealed with HPKE to the service’s ML-KEM-768 key');
    const zk = page.getByTestId('algorithm-zk-FIDNA');
    await zk.getByText('Live').waitFor();
    expect(await zk.textContent()).toContain('Bulletproofs · 826 B proof + 3,309 B signature');
    expect(await zk.textContent()).not.toContain('Design target');
    await page.getByTestId('algorithm-QES2_ECDSA').getByText('Live').waitFor();
    const body = (await page.locator('main').textContent()) ?? '';
    expect(body).toContain('4 algorithms live');
    expect(body).not.toMatch(/in development|will hide amounts/i);
    expect(body).toContain('zk-FIDNA does this with commitments that reveal nothing even to a quantum adversary.');
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

  it('shows exact sizes before a benchmark, never the prototype’s, zk-FIDNA’s proof included', async () => {
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

    // zk-FIDNA: a plain option, Start enabled, the proof's exact size and what it leaves out.
    await page.getByRole('combobox', { name: 'Algorithm' }).click();
    await page.getByRole('option', { name: 'zk-fidna', exact: true }).click();
    await expect.poll(() => cards.textContent()).toContain('826 B');
    expect(await cards.textContent()).not.toMatch(prototype);
    expect(await text(page, 'stat-cards-note')).toContain('exact balance_proof size with an empty context (the ML-DSA-65 attestation adds 3,309 B beside it)');
    expect(await page.getByRole('button', { name: 'Start Benchmark' }).isDisabled()).toBe(false);
    expect(await page.locator('main').textContent()).not.toMatch(/in development/i);
    await shot(page, 'copy-benchmark-zk-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'copy-benchmark-zk-390');
    expect(errors).toEqual([]);
  });

  it('says the zk-FIDNA tab proves in this browser, keeping X and Y on the device, with Verify waiting for a proof', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/demo');
    await page.getByRole('tab', { name: 'zk-FIDNA' }).click();
    const toggle = page.getByRole('radiogroup', { name: 'Run operations' });
    expect(await toggle.textContent()).toContain('Prove zk-FIDNA on');
    expect(await page.getByRole('radio', { name: 'This browser' }).isChecked()).toBe(true);
    expect(await text(page, 'mode-help')).toContain('X and Y never leave your device');
    expect(await page.locator('main').textContent()).toContain('This choice is zk-FIDNA’s own: the signature tabs keep theirs.');
    expect(await text(page, 'zk-circuit-help')).toBe('Proves whether Y ≥ X (result 1) or Y < X (result 0), revealing neither amount.');
    expect(await page.getByRole('button', { name: 'Generate zk-FIDNA' }).isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Verify', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Secret Value (X)').inputValue()).toBe('650000');
    expect(await page.getByLabel('Balance Value (Y)').inputValue()).toBe('21930000');
    // range_proof's help says what it makes public.
    await page.getByRole('combobox', { name: 'Circuit Type' }).click();
    await page.getByRole('option', { name: 'Range Proof' }).click();
    expect(await text(page, 'zk-circuit-help')).toContain('Y is revealed, X is not');
    expect(await page.locator('main').textContent()).not.toMatch(/in development/i);
    await shot(page, 'copy-demo-zk-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'copy-demo-zk-390');
    expect(errors).toEqual([]);
  });

  it('states zk-FIDNA’s measured figures on the Technology page, and QES2’s measured time overhead', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/tech');
    const zk = (await text(page, 'spec-zk-FIDNA')).replace(/\s+/g, ' ');
    expect(zk).toContain('Proof size826 · 809 · 923 bytesbalance_proof · range_proof · custom, with an empty context');
    expect(zk).toContain('before the 3,309 B ML-DSA-65 attestation');
    expect(zk).toContain('SetupTransparentno trusted setup');
    expect(zk).toContain('HidingPerfect');
    expect(zk).toContain('SoundnessDiscrete log on secp256k1not post-quantum');
    expect(zk).toContain('AttestationML-DSA-65, post-quantum');
    expect(zk).toContain('Speed (our engine)≈ 23.1 ms prove, 3.89 ms verify');
    expect(zk).toContain('measured with npm run bench -- zk, 2 shared vCPUs');
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).not.toMatch(/in development|design figures|not built|≈ 0\.8 KB/i);
    expect(main).toContain('zk-FIDNA commits to amounts with Pedersen commitments');
    // Every card is drawn alike now: solid borders, no "in development" styling.
    const border = (id: string) => page.getByTestId(id).evaluate((e) => getComputedStyle(e).borderTopStyle);
    expect([await border('spec-zk-FIDNA'), await border('spec-Dilion'), await border('flow-zk-FIDNA')]).toEqual(['solid', 'solid', 'solid']);

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

  it('shows zk-FIDNA’s endpoints as live in the API docs, with their real fields, and points to the key endpoints rather than a dashboard', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/api-docs');
    await page.getByTestId('endpoint-/api/v1/crypto/dilion/sign').getByText('Live').waitFor();
    expect(await page.locator('main').textContent()).not.toContain('see each new secret once in your dashboard');
    await page.getByRole('tab', { name: 'zk-FIDNA Proofs' }).click();
    const prove = page.getByTestId('endpoint-/api/v1/crypto/zk-fidna/prove');
    await prove.getByText('Live').waitFor();
    for (const field of ['secretValue', 'balanceValue', 'circuitType', 'min', 'max', 'context', 'keyId']) expect(await prove.locator('dt').allTextContents()).toContain(field === 'secretValue' ? field : `${field}?`);
    const verify = page.getByTestId('endpoint-/api/v1/crypto/zk-fidna/verify');
    await verify.getByText('Live').waitFor();
    expect(await verify.locator('dt').allTextContents()).toEqual(['proof', 'publicInput?', 'publicSignals?', 'circuitType?', 'returns']);
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).not.toMatch(/in development|Coming soon|not built/i);
    // The Node.js sample opens the commitments and checks the attestation offline.
    await page.getByRole('tab', { name: 'Node.js' }).click();
    await page.locator('pre:visible', { hasText: "console.log('openings open the commitments:'" }).waitFor();
    await shot(page, 'copy-api-docs-zk-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'copy-api-docs-zk-390');
    expect(errors).toEqual([]);
  });

  it('shows the Dilion tab’s Rust sample as the files of samples/rust, after the shell lines that set its environment', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/api-docs');
    await page.getByRole('tab', { name: 'Rust' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Rust' });
    await panel.getByText('This program is samples/rust/src/main.rs in the repository').waitFor();
    const blocks = panel.locator('.code-block');
    expect(await blocks.locator('.code-block-bar span').allTextContents()).toEqual(['Shell', 'src/main.rs', 'Cargo.toml']);
    expect(await blocks.nth(0).locator('pre').textContent()).toBe(`export PQ_API_URL="${stack.origin}"\nexport PQ_API_KEY="pk_your_api_key"\nexport PQ_API_SECRET="sk_your_api_secret"\ncargo run\n`);
    expect(await blocks.nth(1).locator('pre').textContent()).toContain('.set("Idempotency-Key", &uuid_v4())');
    await shot(page, 'copy-api-docs-rust-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'copy-api-docs-rust-390');
    expect(errors).toEqual([]);
  });

  it('claims on the sign-in page the four live algorithms, zk-FIDNA included', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/login');
    const hero = (await page.locator('.auth-hero').textContent()) ?? '';
    expect(hero).toContain('Zero-knowledge balance and range proofs');
    expect(hero).not.toContain('in development');
    expect(hero).toContain('4Algorithms live');
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
