/**
 * `pq sign --each`, the real bin against a live server: every file's SHA-512 signed by a managed
 * ML-DSA key through sign-batch, 100 to a call; what the server refused is named by its code and
 * ends the run with exit 2.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithKey, TEST_ORIGIN } from '../../../server/test-support.ts';
import { startLiveServer, type Account, type LiveServer } from './test-support.ts';

let live: LiveServer;
beforeAll(async () => {
  live = await startLiveServer();
});
afterAll(() => live?.close());

async function mlDsaKey(who: Account): Promise<{ keyId: string; publicKey: Uint8Array }> {
  const res = await who.agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name: 'each', algorithm: 'ML-DSA-65' });
  expect(res.status).toBe(201);
  return { keyId: res.body.keyId, publicKey: new Uint8Array(Buffer.from(res.body.publicKey, 'base64')) };
}

function files(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const name = `${prefix}-${i}.pdf`;
    writeFileSync(join(live.dir, name), `%PDF-1.7 ${prefix} ${i}\n`);
    return name;
  });
}

/** HashML-DSA over SHA-512 (FIPS 204 §5.4), checked by noble rather than by the server that signed. */
const verifiesOffline = (signature: string, file: string, publicKey: Uint8Array) =>
  ml_dsa65.prehash(sha512).verify(new Uint8Array(Buffer.from(signature, 'base64')), new Uint8Array(readFileSync(join(live.dir, file))), publicKey);

describe('pq sign --each', () => {
  it('writes FILE.sig.json beside each of 3 files, each verifying, and with --json prints one line per file instead', async () => {
    const key = await mlDsaKey(live.account);
    const names = files('doc', 3);
    const run = await live.pq(['sign', '--each', '--key', key.keyId, ...names]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`signed 3 of 3 files with ${key.keyId} (ML-DSA-65 version 1): each FILE.sig.json written\n`);
    // Not a terminal: plain progress lines, one per step.
    expect(run.stderr).toBe('[0/3] signing 3 files\n[3/3] signed 3 of 3\n');
    for (const name of names) {
      const answer = JSON.parse(readFileSync(join(live.dir, `${name}.sig.json`), 'utf8'));
      expect(answer).toMatchObject({ keyId: key.keyId, keyVersion: 1, algorithm: 'ML-DSA-65', messageType: 'digest' });
      expect(verifiesOffline(answer.signature, name, key.publicKey), name).toBe(true);
    }
    const checked = await live.pq(['verify', '--file', names[1]!, '--signature', `${names[1]}.sig.json`]);
    expect(checked.code, checked.stderr).toBe(0);

    const json = await live.pq(['sign', '--each', '--key', key.keyId, '--json', ...names.slice(0, 2)]);
    expect(json.code, json.stderr).toBe(0);
    const lines = json.stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((l) => l.file)).toEqual(names.slice(0, 2));
    lines.forEach((l) => expect(verifiesOffline(l.signature, l.file, key.publicKey)).toBe(true));
  });

  it('sends 102 files in two batches and names the items past the allowance usage_limit_reached, exit 2', async () => {
    // A fresh Free account: 100 calls in all, so the second batch's 2 items are refused, uncharged.
    const who = await signUpWithKey(live.app);
    const key = await mlDsaKey(who);
    const names = files('many', 102);
    const run = await live.pq(['sign', '--each', '--key', key.keyId, ...names], { env: live.envOf(who) });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe(`signed 100 of 102 files with ${key.keyId} (ML-DSA-65 version 1): each FILE.sig.json written\n`);
    expect(run.stderr).toContain('[  0/102] signing 100 files\n[100/102] signed 100 of 102\n[100/102] signing 2 files\n');
    expect(run.stderr).toMatch(/^many-100\.pdf: refused: usage_limit_reached: .+$/m);
    expect(run.stderr).toMatch(/^many-101\.pdf: refused: usage_limit_reached: .+$/m);
    expect(existsSync(join(live.dir, 'many-99.pdf.sig.json'))).toBe(true);
    expect(existsSync(join(live.dir, 'many-100.pdf.sig.json'))).toBe(false);
    const charged = live.app.database.sqlite.prepare('SELECT api_usage_count AS n FROM users WHERE id = ?').get(who.user.id) as { n: number };
    expect(charged.n).toBe(100);
  });

  it('refuses to start when a file is missing, signing nothing', async () => {
    const key = await mlDsaKey(live.account);
    const names = files('gap', 2);
    const run = await live.pq(['sign', '--each', '--key', key.keyId, names[0]!, 'absent.pdf', names[1]!]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('error: input: cannot read absent.pdf: no such file, or not readable\n');
    expect(existsSync(join(live.dir, `${names[0]}.sig.json`))).toBe(false);
  });
});
