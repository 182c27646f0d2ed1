/**
 * The "Client and CLI" section's lines work as shown: the TypeScript client signs and verifies
 * offline, and pq signs and verifies, against a live server with only the environment filled in.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listeningTestApp, type ListeningTestApp } from '../../../../server/test-support.ts';
import { setLanguage } from '../../i18n/index.ts';
import { ClientSection } from './ClientSection.tsx';
import { cliSnippet, clientSnippet } from './samples/client-snippets.ts';
import type { SampleConfig } from './samples/config.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../../..');

let live: ListeningTestApp;
let config: SampleConfig;
let dir: string;

beforeAll(async () => {
  live = await listeningTestApp();
  const { apiKey, apiSecret } = live.account;
  config = { baseUrl: live.baseUrl, apiKey, apiSecret };
  // Inside the repository, where a reader's checkout resolves @pq-platform/client and npx finds pq.
  mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
  dir = mkdtempSync(join(root, 'node_modules', '.cache', 'client-snippets-'));
});

afterAll(async () => {
  await live?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

afterEach(() => setLanguage('en'));

describe('the Client and CLI section', () => {
  it('TypeScript: signs through the API and verifies offline, as shown', async () => {
    // An ES module, as in a project of "type": "module" (top-level await).
    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(join(project, 'sign.ts'), clientSnippet());
    const env = { ...process.env, PQ_API_URL: config.baseUrl, PQ_API_KEY: config.apiKey, PQ_API_SECRET: config.apiSecret };
    const { stdout } = await run(join(root, 'node_modules', '.bin', 'tsx'), ['sign.ts'], { cwd: project, env, timeout: 60_000 });
    expect(stdout.trim()).toBe('true');
  });

  it('shell: pq signs and verifies with the environment the block sets, and a wrong secret exits 2', async () => {
    // npx takes the repository's pq, and never fetches a package of that name from the registry.
    const options = { cwd: dir, env: { ...process.env, npm_config_yes: 'false' }, timeout: 60_000 };
    const { stdout } = await run('bash', ['-euc', cliSnippet(config)], options);
    expect(stdout.trim().split('\n').at(-1)).toBe('valid');
    const refused = await run('bash', ['-euc', cliSnippet({ ...config, apiSecret: 'sk_wrong' })], options).catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('invalid_api_key') });
  });

  it('renders in English and Korean with the reader’s base URL in the shell block', async () => {
    const english = renderToStaticMarkup(createElement(ClientSection, { config }));
    expect(english).toContain('<h2>Client and CLI</h2>');
    expect(english).toContain(`export PQ_API_URL=&quot;${config.baseUrl}&quot;`);
    await setLanguage('ko');
    expect(renderToStaticMarkup(createElement(ClientSection, { config }))).toContain('<h2>클라이언트와 CLI</h2>');
  });
});
