/**
 * The generated Rust, C++ and Go samples of the QES2, zk-FIDNA and ML-KEM-768 tabs compile with the
 * libraries the samples/ programs use (Debian's ureq and serde_json crates, libcurl and
 * nlohmann/json, Go's standard library), as the page shows them with a base URL and key pair filled
 * in, and run against a real server with a real account.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCpp, buildGo, buildRust, missingToolchain, skipWithout, writeFiles } from '../../../../samples/build.ts';
import { listeningTestApp, type ListeningTestApp, TEST_ORIGIN } from '../../../../server/test-support.ts';
import type { SampleConfig } from './samples/config.ts';
import { sampleFor, type GeneratedTab } from './samples/index.ts';
import { RUST_DEPENDENCIES } from './samples/two-step.ts';

const exec = promisify(execFile);
const TABS: GeneratedTab[] = ['qes2-ecdsa', 'qes2-schnorr', 'zk-fidna', 'ml-kem-768'];

let live: ListeningTestApp;
let config: SampleConfig;
let out: string;

beforeAll(async () => {
  live = await listeningTestApp();
  const { apiKey, apiSecret, agent } = live.account;
  const kemKey = await agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name: 'samples', algorithm: 'ML-KEM-768' });
  config = { baseUrl: live.baseUrl, apiKey, apiSecret, kemKeyId: kemKey.body.keyId };
  out = mkdtempSync(join(tmpdir(), 'pq-generated-samples-'));
});

afterAll(async () => {
  await live?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

/** What each tab's sample prints when its second call succeeds. */
const EXPECTED: Record<GeneratedTab, RegExp> = {
  'qes2-ecdsa': /^valid: true$/m,
  'qes2-schnorr': /^valid: true$/m,
  'zk-fidna': /^valid: true$/m,
  // The HPKE round trip gives back the sealed plaintext (Rust and C++ print it as a JSON string).
  'ml-kem-768': new RegExp(`^plaintext: "?${Buffer.from('Hello, ML-KEM').toString('base64')}"?$`, 'm'),
};

async function runAll(binary: (tab: GeneratedTab) => string) {
  for (const tab of TABS) {
    const { stdout } = await exec(binary(tab), [], { timeout: 120_000 });
    expect(stdout, tab).toMatch(EXPECTED[tab]);
  }
}

describe('the generated compiled samples', () => {
  it.skipIf(skipWithout('rust'))('Rust: each tab’s main.rs builds with ureq and serde_json, offline from Debian’s crates, and runs', async () => {
    expect(missingToolchain('rust')).toBeUndefined();
    const files: Record<string, string> = {
      'Cargo.toml': `[package]\nname = "generated"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n${RUST_DEPENDENCIES}`,
    };
    for (const tab of TABS) {
      const text = sampleFor(tab, 'rust', config);
      expect(text).toContain(RUST_DEPENDENCIES.split('\n')[0]);
      files[`src/bin/${tab}.rs`] = text;
    }
    const bin = await buildRust(files, join(out, 'rust'));
    await runAll((tab) => join(bin, tab));
  });

  it.skipIf(skipWithout('cpp'))('C++: each tab’s file builds with libcurl and nlohmann/json, warning-free, and runs', async () => {
    expect(missingToolchain('cpp')).toBeUndefined();
    mkdirSync(join(out, 'cpp'), { recursive: true });
    // Two at a time: g++ spends seconds on nlohmann/json per file.
    for (const pair of [TABS.slice(0, 2), TABS.slice(2)]) {
      await Promise.all(pair.map((tab) => {
        const source = join(out, 'cpp', `${tab}.cpp`);
        writeFileSync(source, sampleFor(tab, 'cpp', config));
        return buildCpp(source, join(out, 'cpp', tab));
      }));
    }
    await runAll((tab) => join(out, 'cpp', tab));
  });

  it.skipIf(skipWithout('go'))('Go: each tab’s main.go vets and builds with the standard library, and runs', async () => {
    expect(missingToolchain('go')).toBeUndefined();
    for (const tab of TABS) {
      const dir = join(out, 'go', tab);
      writeFiles(dir, { 'go.mod': 'module example.com/generated\n\ngo 1.19\n', 'main.go': sampleFor(tab, 'go', config) });
      await buildGo(dir, join(out, `go-${tab}`));
    }
    await runAll((tab) => join(out, `go-${tab}`));
  });
});
