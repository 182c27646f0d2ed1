/**
 * The five samples (samples/README.md), each built from its files as a reader would build it and
 * run against a real server with a real account: they sign and verify with Dilion and prove and
 * verify with zk-FIDNA, print the same lines, send a fresh Idempotency-Key on every POST, and on a
 * wrong secret print the API's `401 invalid_api_key: …` on stderr and exit non-zero.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningTestApp, type ListeningTestApp } from '../server/test-support.ts';
import { buildCpp, buildGo, buildRust, missingToolchain, SAMPLES_DIR, skipWithout, type SampleLanguage } from './build.ts';

const exec = promisify(execFile);
const at = (...parts: string[]) => join(SAMPLES_DIR, ...parts);

let live: ListeningTestApp;
let userId: string;
let env: Record<string, string>;
let out: string;

beforeAll(async () => {
  live = await listeningTestApp();
  const who = live.account;
  userId = who.user.id;
  env = { PQ_API_URL: live.baseUrl, PQ_API_KEY: who.apiKey, PQ_API_SECRET: who.apiSecret };
  out = mkdtempSync(join(tmpdir(), 'pq-samples-'));
});

afterAll(async () => {
  await live?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

/** Builds the sample (outside the repository) and returns the command that runs it. */
const BUILD: Record<SampleLanguage, () => Promise<[string, ...string[]]>> = {
  python: async () => ['python3', at('python', 'pq_sample.py')],
  // Run where it lies: `@noble/post-quantum` resolves from the repository's node_modules, as from a reader's after npm install.
  node: async () => [process.execPath, at('node', 'pq-sample.mjs')],
  rust: async () => {
    const files = { 'Cargo.toml': readFileSync(at('rust', 'Cargo.toml'), 'utf8'), 'src/main.rs': readFileSync(at('rust', 'src', 'main.rs'), 'utf8') };
    return [join(await buildRust(files, join(out, 'rust')), 'pq-sample')];
  },
  cpp: async () => [await buildCpp(at('cpp', 'pq_sample.cpp'), join(out, 'pq_sample'))],
  go: async () => [await buildGo(at('go'), join(out, 'pq-sample-go'))],
};

/** Runs a built sample with the environment given; its exit code, stdout and stderr, never throwing. */
async function runSample([command, ...args]: string[], vars: Record<string, string>) {
  // Only what the sample reads, plus PATH: nothing else of the test's environment leaks in.
  const options = { env: { PATH: process.env.PATH ?? '', ...vars }, timeout: 120_000 };
  return exec(command!, args, options).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? String(e) }),
  );
}

const idempotencyKeys = () =>
  (live.app.database.sqlite.prepare('SELECT key FROM idempotency_records WHERE user_id = ? ORDER BY id').all(userId) as { key: string }[]).map((r) => r.key);

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(['python', 'node', 'rust', 'cpp', 'go'] as const)('the %s sample', (lang) => {
  let command: string[];
  const skip = skipWithout(lang);

  it.skipIf(skip)('builds from its files', async () => {
    expect(missingToolchain(lang)).toBeUndefined();
    command = await BUILD[lang]();
  });

  it.skipIf(skip)('signs and verifies with Dilion and proves and verifies with zk-FIDNA against a live server, a fresh Idempotency-Key on each POST', async () => {
    const before = idempotencyKeys();
    const { code, stdout, stderr } = await runSample(command, env);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout.trimEnd().split('\n')).toEqual([
      'dilion signature bytes: 3309',
      'dilion context: dilion/v1|service-A',
      'server verify: true',
      ...(lang === 'node' ? ['offline verify: true'] : []),
      'zk-fidna proof bytes: 826',
      'proof verify: true',
    ]);
    const sent = idempotencyKeys().slice(before.length);
    expect(sent).toHaveLength(4);
    expect(new Set(sent).size).toBe(4);
    for (const key of sent) expect(key).toMatch(UUID_V4);
  });

  it.skipIf(skip)('prints the API’s 401 code and message on stderr and exits non-zero with a wrong secret', async () => {
    const { code, stdout, stderr } = await runSample(command, { ...env, PQ_API_SECRET: 'sk_wrong' });
    expect(code).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderr.trimEnd()).toBe('401 invalid_api_key: The API key or secret is wrong: check both headers, or create a key in the dashboard.');
  });
});
