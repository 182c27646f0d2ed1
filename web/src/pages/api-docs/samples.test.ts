/**
 * The API docs' generated code samples work: the Node.js and Python QES2, zk-FIDNA and ML-KEM-768
 * samples run, as shown on the page with only the base URL and key pair filled in, against a real
 * server with a real account, and their offline checks can say false. (The Dilion tab shows the
 * samples/ programs, run by samples/samples.test.ts; the compiled languages' generated samples are
 * built and run by compiled-samples.test.ts.)
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningTestApp, type ListeningTestApp, TEST_ORIGIN } from '../../../../server/test-support.ts';
import type { AlgorithmTab } from './endpoints.ts';
import type { SampleConfig } from './samples/config.ts';
import { sampleFor, type GeneratedTab } from './samples/index.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../../..');

let live: ListeningTestApp;
let config: SampleConfig;
let dir: string;

beforeAll(async () => {
  live = await listeningTestApp();
  const { apiKey, apiSecret, agent } = live.account;
  const kemKey = await agent.post('/api/v1/keys').set('Origin', TEST_ORIGIN).send({ name: 'samples', algorithm: 'ML-KEM-768' });
  config = { baseUrl: live.baseUrl, apiKey, apiSecret, kemKeyId: kemKey.body.keyId };
  // Inside the repository's node_modules, so the Node sample's `import '@noble/post-quantum/…'`
  // resolves exactly as it would in a reader's project after `npm install`.
  mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
  dir = mkdtempSync(join(root, 'node_modules', '.cache', 'api-docs-samples-'));
});

afterAll(async () => {
  await live?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe.each(['ecdsa', 'schnorr'] as const)('QES2 %s samples, run against a live server', (mode) => {
  const tab: AlgorithmTab = `qes2-${mode}`;

  it('Node.js: signs, verifies through the API and checks both halves offline with @noble', async () => {
    const file = write(`${tab}.mjs`, sampleFor(tab, 'node', config));
    const { stdout } = await run(process.execPath, [file], { cwd: dir, timeout: 60_000 });
    expect(stdout).toContain('signature bytes: 3373');
    expect(stdout).toMatch(/server verify: true \{ mlDsaValid: true, secp256k1Valid: true \}/);
    expect(stdout).toContain('offline ML-DSA-65 half: true');
    expect(stdout).toContain('offline secp256k1 half: true');
  });

  it('Python (standard library): verifies through the API and the secp256k1 half offline, the ML-DSA-65 half when pyca/cryptography is there', async () => {
    const file = write(`${tab}.py`, sampleFor(tab, 'python', config));
    const { stdout } = await run('python3', [file], { cwd: dir, timeout: 60_000 });
    expect(stdout).toContain('signature bytes: 3373');
    expect(stdout).toContain("server verify: True {'mlDsaValid': True, 'secp256k1Valid': True}");
    expect(stdout).toContain('offline secp256k1 half: True');
    const hasMlDsa = await run('python3', ['-c', 'import cryptography.hazmat.primitives.asymmetric.mldsa']).then(() => true, () => false);
    expect(stdout).toContain(hasMlDsa ? 'offline ML-DSA-65 half: True' : 'offline ML-DSA-65 half: skipped');
  });

  it('Python’s plain secp256k1 check says False for a signature made over another message', async () => {
    // The sample's offline check must be able to fail: the same script with its digest swapped.
    const text = sampleFor(tab, 'python', config).replace('hashlib.sha256(m_prime).digest()', 'hashlib.sha256(m_prime + b"x").digest()');
    const { stdout } = await run('python3', [write(`${tab}-bad.py`, text)], { cwd: dir, timeout: 60_000 });
    expect(stdout).toContain('offline secp256k1 half: False');
  });
});

describe('zk-FIDNA samples, run against a live server', () => {
  const hasMlDsa = () => run('python3', ['-c', 'import cryptography.hazmat.primitives.asymmetric.mldsa']).then(() => true, () => false);

  it('Node.js: proves and verifies through the API, opens the commitments with @noble/curves and checks the attestation', async () => {
    const file = write('zk-fidna.mjs', sampleFor('zk-fidna', 'node', config));
    const { stdout } = await run(process.execPath, [file], { cwd: dir, timeout: 60_000 });
    expect(stdout).toContain('proof bytes: 826');
    expect(stdout).toContain('public input: {"result":1,"circuitType":"balance_proof"}');
    expect(stdout).toMatch(/server verify: true \{"structurallyValid":true,"circuitValid":true,"mathematicalCheck":true,"positiveCheck":true,"balanceCheck":true,"signatureCheck":true\}/);
    expect(stdout).toContain("openings open the commitments: true [ '650000', '21930000' ]");
    expect(stdout).toContain('offline attestation: true');
  });

  it('Python (standard library): proves and verifies through the API, opens the commitments, and checks the attestation when pyca/cryptography is there', async () => {
    const file = write('zk-fidna.py', sampleFor('zk-fidna', 'python', config));
    const { stdout } = await run('python3', [file], { cwd: dir, timeout: 60_000 });
    expect(stdout).toContain('proof bytes: 826');
    expect(stdout).toContain('server verify: True');
    expect(stdout).toContain("openings open the commitments: True ['650000', '21930000']");
    expect(stdout).toContain((await hasMlDsa()) ? 'offline attestation: True' : 'offline attestation: skipped');
  });

  it('their opening checks say false for an amount the commitment does not hold', async () => {
    // The offline checks must be able to fail: the same scripts, each checking value + 1.
    const node = sampleFor('zk-fidna', 'node', config).replace('B.multiplyUnsafe(BigInt(o.value))', 'B.multiplyUnsafe(BigInt(o.value) + 1n)');
    expect((await run(process.execPath, [write('zk-bad.mjs', node)], { cwd: dir, timeout: 60_000 })).stdout).toContain('openings open the commitments: false');
    const python = sampleFor('zk-fidna', 'python', config).replace('mul(int(opening["value"]), B)', 'mul(int(opening["value"]) + 1, B)');
    expect((await run('python3', [write('zk-bad.py', python)], { cwd: dir, timeout: 60_000 })).stdout).toContain('openings open the commitments: False');
  });

  it('report the server’s error body when the key pair is wrong', async () => {
    const file = write('bad-key.mjs', sampleFor('zk-fidna', 'node', { ...config, apiSecret: 'sk_wrong' }));
    const failure = await run(process.execPath, [file], { cwd: dir, timeout: 60_000 }).catch((e: { stderr: string }) => e);
    expect('stderr' in failure ? failure.stderr : '').toMatch(/401 invalid_api_key: /);
  });

  it('Node.js’s attestation check says false for a proof byte changed after signing', async () => {
    const text = sampleFor('zk-fidna', 'node', config).replace("const { publicKey, value } = proved.proof.signature;", 'const { publicKey, value } = proved.proof.signature;\nproof[10] ^= 1;');
    expect((await run(process.execPath, [write('zk-bad-attestation.mjs', text)], { cwd: dir, timeout: 60_000 })).stdout).toContain('offline attestation: false');
  });
});

describe('ML-KEM-768 samples, run against a live server', () => {
  it('Node.js and Python: seal to the account’s key and open it again, printing the plaintext', async () => {
    const hello = `plaintext: ${Buffer.from('Hello, ML-KEM').toString('base64')}`;
    expect((await run(process.execPath, [write('ml-kem.mjs', sampleFor('ml-kem-768', 'node', config))], { cwd: dir, timeout: 60_000 })).stdout).toContain(hello);
    expect((await run('python3', [write('ml-kem.py', sampleFor('ml-kem-768', 'python', config))], { cwd: dir, timeout: 60_000 })).stdout).toContain(hello);
  });

  it('show a placeholder key id until a reader has one', () => {
    const { kemKeyId: _, ...withoutKey } = config;
    expect(sampleFor('ml-kem-768', 'go', withoutKey)).toContain('/api/v1/keys/kid_your_ml_kem_768_key_id/seal');
  });
});

describe('other samples', () => {
  const tabs: GeneratedTab[] = ['qes2-ecdsa', 'qes2-schnorr', 'zk-fidna', 'ml-kem-768'];

  /** A syntax check's verdict: exit code 0 and nothing on stderr when the file parses. */
  const syntaxCheck = (command: string, args: string[]) =>
    run(command, args).then(
      ({ stderr }) => ({ code: 0, stderr }),
      (e: { code?: number; stderr?: string }) => ({ code: e.code ?? -1, stderr: e.stderr ?? String(e) }),
    );
  const checkNode = (name: string, text: string) => syntaxCheck(process.execPath, ['--check', write(name, text)]);
  const checkPython = (name: string, text: string) => syntaxCheck('python3', ['-m', 'py_compile', write(name, text)]);

  it('are valid Node.js and Python', async () => {
    for (const tab of tabs) {
      expect(await checkNode(`${tab}.mjs`, sampleFor(tab, 'node', config)), `${tab} node`).toEqual({ code: 0, stderr: '' });
      expect(await checkPython(`${tab}.py`, sampleFor(tab, 'python', config)), `${tab} python`).toEqual({ code: 0, stderr: '' });
    }
  });

  it('are refused by that same check when cut short', async () => {
    // The checks above must be able to fail: the same samples, truncated mid-statement.
    const cut = (text: string) => text.slice(0, Math.floor(text.length / 2)) + '\n(';
    expect(await checkNode('cut.mjs', cut(sampleFor('zk-fidna', 'node', config)))).toMatchObject({ code: 1, stderr: expect.stringContaining('SyntaxError') });
    expect(await checkPython('cut.py', cut(sampleFor('zk-fidna', 'python', config)))).toMatchObject({ code: 1, stderr: expect.stringMatching(/(Syntax|Indentation)Error/) });
  });

  it('carry the base URL and key pair they were given, in every language', () => {
    for (const tab of tabs) {
      for (const lang of ['python', 'node', 'rust', 'cpp', 'go'] as const) {
        const text = sampleFor(tab, lang, config);
        expect(text, `${tab} ${lang}`).toContain(config.baseUrl);
        expect(text, `${tab} ${lang}`).toContain(config.apiKey);
        expect(text, `${tab} ${lang}`).toContain(config.apiSecret);
      }
    }
  });
});
