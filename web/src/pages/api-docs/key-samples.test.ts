/**
 * The managed-key sample works: the Node.js and Python versions, as the page shows them with the
 * base URL, the key pair and a signing key id filled in, sign a SHA-512 digest and verify it
 * against a real server; the digest they send is SHA-512 of the sample's document.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningTestApp, type ListeningTestApp, TEST_ORIGIN } from '../../../../server/test-support.ts';
import type { SampleConfig } from './samples/config.ts';
import { keySample, PLACEHOLDER_SIGNING_KEY, SAMPLE_DIGEST } from './samples/key-samples.ts';

const run = promisify(execFile);
let live: ListeningTestApp;
let config: SampleConfig;
let keyId: string;
let dir: string;

beforeAll(async () => {
  live = await listeningTestApp();
  const who = live.account;
  keyId = (await who.agent.post('/api/signing-keys').set('Origin', TEST_ORIGIN).send({ name: 'docs', algorithm: 'ML-DSA-44' })).body.keyId;
  config = { baseUrl: live.baseUrl, apiKey: who.apiKey, apiSecret: who.apiSecret };
  dir = mkdtempSync(join(tmpdir(), 'key-samples-'));
});

afterAll(async () => {
  await live?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the managed-key sample, run against a live server', () => {
  it('sends the SHA-512 digest of its document and a placeholder key id of the right form', () => {
    expect(SAMPLE_DIGEST).toBe(createHash('sha512').update('Hybrid cryptographic message').digest('base64'));
    expect(PLACEHOLDER_SIGNING_KEY).toMatch(/^kid_[0-9A-Za-z]{22}$/);
  });

  it('Node.js: signs the digest and the API verifies it', async () => {
    const file = join(dir, 'keys.mjs');
    writeFileSync(file, keySample('node', config, keyId));
    const { stdout } = await run(process.execPath, [file], { timeout: 60_000 });
    expect(stdout).toContain('valid: true');
  });

  it('Python: signs the digest and the API verifies it', async () => {
    const file = join(dir, 'keys.py');
    writeFileSync(file, keySample('python', config, keyId));
    const { stdout } = await run('python3', [file], { timeout: 60_000 });
    expect(stdout).toContain('valid: True');
  });

  it('reports the server’s error for a key id that is not the caller’s', async () => {
    const file = join(dir, 'other.mjs');
    writeFileSync(file, keySample('node', config));
    const failure = await run(process.execPath, [file], { timeout: 60_000 }).catch((e: { stderr: string }) => e);
    expect('stderr' in failure ? failure.stderr : '').toMatch(/404 signing_key_not_found: /);
  });
});
