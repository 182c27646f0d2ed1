/**
 * Content pages in a real browser: the contact form stores a message (checked in the database),
 * keeps it on failure; the API docs' tabs, live status and Copy button; the /test page's alert.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipBrowserTests, startStack, type Stack } from './stack.ts';

let stack: Stack;

describe.skipIf(skipBrowserTests)('content pages', () => {
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('stores a contact message, then resets the form with the success toast', async () => {
    const { page, errors } = await stack.page();
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByText('Invalid email address').waitFor();
    await form.getByText('Message is required').waitFor();

    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Email').fill('grace@example.com');
    await form.getByRole('combobox', { name: 'Subject' }).click();
    await page.getByRole('option', { name: 'Integration Questions' }).click();
    await form.getByLabel('Message').fill('We would like to sign firmware with Dilion.');
    await form.getByRole('button', { name: 'Send Message' }).click();

    const toast = page.getByTestId('toast');
    await toast.getByText('Message sent successfully!').waitFor();
    expect(await toast.textContent()).toContain("We'll get back to you within 24 hours.");
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    const rows = stack.app.database.sqlite.prepare('SELECT name, email, subject, message, status FROM contact_messages').all();
    expect(rows).toEqual([
      { name: 'Grace Hopper', email: 'grace@example.com', subject: 'integration', message: 'We would like to sign firmware with Dilion.', status: 'pending' },
    ]);
    expect(errors).toEqual([]);
  });

  it('keeps what was typed and shows the destructive toast when sending fails', async () => {
    const { page } = await stack.page();
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom","code":"internal","requestId":"x"}' }));
    await page.goto('/contact?subject=technical');
    const form = page.getByRole('form', { name: 'Contact form' });
    expect(await form.getByRole('combobox', { name: 'Subject' }).textContent()).toContain('Technical Support');
    await form.getByLabel('Name').fill('Alan');
    await form.getByLabel('Email').fill('alan@example.com');
    await form.getByLabel('Message').fill('Hello');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Failed to send message').waitFor();
    // The page has no other way to write to us, so the toast names none (docs/product.md §8).
    expect(await toast.textContent()).toContain('The server could not take your message just now: please try again later. What you typed is still in the form.');
    expect(await page.locator('main').textContent()).not.toMatch(/alternative|24\/7/);
    expect(await form.getByLabel('Message').inputValue()).toBe('Hello');
  });

  it('says why the server refused a message, from its own answer', async () => {
    const { page } = await stack.page();
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: '{"message":"Too many requests: wait 42 seconds before trying again.","code":"rate_limited","requestId":"x"}' }),
    );
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Alan');
    await form.getByLabel('Email').fill('alan@example.com');
    await form.getByLabel('Message').fill('Hello');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.getByTestId('toast').getByText('Too many requests: wait 42 seconds before trying again. What you typed is still in the form.').waitFor();
  });

  it('shows API docs tabs with live status from the OpenAPI document, and Copy reads Copied for 2 s', async () => {
    const { page, errors } = await stack.page();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/api-docs');
    await page.getByTestId('endpoint-/api/v1/crypto/dilion/sign').getByText('Live').waitFor();

    // The Dilion tab's Node.js sample is samples/node/pq-sample.mjs, below the shell lines that set its environment.
    await page.getByRole('tab', { name: 'Node.js' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Node.js' });
    await panel.getByRole('button', { name: 'Copy Shell' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`export PQ_API_URL="${stack.origin}"`);
    await panel.getByRole('button', { name: 'Copy pq-sample.mjs' }).click();
    await panel.getByRole('button', { name: 'Copied pq-sample.mjs' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("from '@noble/post-quantum/ml-dsa.js'");
    await panel.getByRole('button', { name: 'Copy pq-sample.mjs' }).waitFor({ timeout: 3500 });

    await page.getByRole('tab', { name: 'zk-FIDNA Proofs' }).click();
    await page.getByTestId('endpoint-/api/v1/crypto/zk-fidna/prove').waitFor();
    expect(errors).toEqual([]);
  });

  it('alerts in Korean on /test, then goes to the login page', async () => {
    const { page } = await stack.page();
    await page.goto('/test');
    const messages: string[] = [];
    // alert() blocks the page until it is answered, so answer it from the event.
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await page.getByTestId('test-plan-starter').getByRole('button').click();
    await page.waitForURL('**/login');
    expect(messages).toEqual(['로그인이 필요합니다. 로그인 페이지로 이동합니다.']);
  });
});
