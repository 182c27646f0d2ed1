/**
 * `pq sign` and `pq verify`, the real bin run as a process against a live server: a signature
 * verifies (exit 0), a tampered one does not (exit 1), and a wrong key, a bad flag or a bad input
 * end with one error line and exit 2, never a stack trace.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from './test-support.ts';

let live: LiveServer;
beforeAll(async () => {
  live = await startLiveServer();
});
afterAll(() => live?.close());

const noStack = (text: string) => expect(text).not.toMatch(/^\s+at /m);

describe('pq sign, then pq verify', () => {
  it('signs a message with Dilion into --out, verifies it (exit 0), and says invalid for a tampered signature (exit 1)', async () => {
    const signed = await live.pq(['sign', 'pay 10 to Bob', '--sid', 'shop', '--out', 'sig.json']);
    expect(signed.code, signed.stderr).toBe(0);
    expect(signed.stdout).toMatch(/^algorithm +dilion$/m);
    expect(signed.stdout).toContain('"dilion/v1|shop"');
    expect(signed.stdout).toMatch(/^signature +[A-Za-z0-9+/=]+ \(3309 bytes\)$/m);

    const valid = await live.pq(['verify', 'pay 10 to Bob', '--signature', 'sig.json']);
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.stdout).toMatch(/^valid +dilion/m);

    const answer = JSON.parse(readFileSync(join(live.dir, 'sig.json'), 'utf8'));
    const sigma = Buffer.from(answer.signature.encoded, 'base64');
    sigma[100]! ^= 1;
    writeFileSync(join(live.dir, 'tampered.json'), JSON.stringify({ ...answer, signature: { encoded: sigma.toString('base64') } }));
    const invalid = await live.pq(['verify', 'pay 10 to Bob', '--signature', 'tampered.json']);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toMatch(/^invalid +dilion/m);
    expect(invalid.stdout).toContain('"signatureValid":false');

    // Offline: the engine here, no key and no reachable server.
    const away = { env: { PQ_API_URL: 'http://127.0.0.1:9', PQ_API_KEY: undefined, PQ_API_SECRET: undefined } };
    const [offline, offlineTampered] = await Promise.all([
      live.pq(['verify', 'pay 10 to Bob', '--signature', 'sig.json', '--offline'], away),
      live.pq(['verify', 'pay 10 to Bob', '--signature', 'tampered.json', '--offline'], away),
    ]);
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout).toMatch(/^valid +dilion signature by kid_\w+, checked offline$/m);
    expect(offlineTampered.code).toBe(1);
    expect(offlineTampered.stdout).toMatch(/^reason +the ML-DSA-65 signature does not verify/m);
  });

  it('signs piped input byte for byte with QES2 (--json is the API’s answer) and verifies a signature piped in against the message file', async () => {
    const signed = await live.pq(['sign', '--algorithm', 'qes2-ecdsa', '--context', 'invoices', '--json'], { input: 'line one\nline two\n' });
    expect(signed.code, signed.stderr).toBe(0);
    const answer = JSON.parse(signed.stdout);
    expect(answer).toMatchObject({ algorithm: 'qes2-ecdsa', context: 'invoices', keyId: expect.stringMatching(/^kid_/), keyVersion: 1, signature: { mode: 'ecdsa' } });
    expect(Buffer.from(answer.signature.encoded, 'base64')).toHaveLength(3373);

    writeFileSync(join(live.dir, 'message.txt'), 'line one\nline two\n');
    const valid = await live.pq(['verify', '--file', 'message.txt', '--json'], { input: signed.stdout });
    expect(valid.code, valid.stderr).toBe(0);
    expect(JSON.parse(valid.stdout)).toMatchObject({ valid: true, algorithm: 'qes2-ecdsa', details: { mlDsaValid: true, secp256k1Valid: true } });

    // Without the final newline it is another message, here and offline.
    const [other, otherOffline] = await Promise.all([
      live.pq(['verify', 'line one\nline two'], { input: signed.stdout }),
      live.pq(['verify', 'line one\nline two', '--offline', '--json'], { input: signed.stdout }),
    ]);
    expect(other.code).toBe(1);
    expect(otherOffline.code).toBe(1);
    expect(JSON.parse(otherOffline.stdout)).toMatchObject({ valid: false, algorithm: 'qes2-ecdsa', details: { mlDsaValid: false, secp256k1Valid: false } });
  });

  it('signs a file’s SHA-512 with a managed key (--key --digest) and verifies it against the file', async () => {
    const key = await live.account.agent.post('/api/v1/keys').set('Origin', 'http://app.test').send({ name: 'cli', algorithm: 'ML-DSA-65' });
    writeFileSync(join(live.dir, 'contract.bin'), Buffer.from([0, 255, 1, 254, 2]));
    const signed = await live.pq(['sign', '--key', key.body.keyId, '--digest', '--file', 'contract.bin', '--out', 'contract.sig.json']);
    expect(signed.code, signed.stderr).toBe(0);
    expect(signed.stdout).toMatch(/^algorithm +ML-DSA-65 \(digest, SHA-512\)$/m);
    const valid = await live.pq(['verify', '--file', 'contract.bin', '--signature', 'contract.sig.json']);
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.stdout).toContain(`ML-DSA-65 signature by ${key.body.keyId}`);

    const offline = await live.pq(['verify', '--file', 'contract.bin', '--signature', 'contract.sig.json', '--offline']);
    expect(offline.code).toBe(2);
    expect(offline.stderr).toContain('error: usage: --offline checks Dilion and QES2 answers');
  });
});

describe('pq’s failures: one line on stderr, exit 2', () => {
  it('prints the API’s code, message and requestId for a wrong secret', async () => {
    const run = await live.pq(['sign', 'hello', '--api-secret', 'sk_wrong']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: invalid_api_key: .+\nrequestId: [\w-]+\n$/);
  });

  it('names an unknown flag and shows the command’s usage', async () => {
    const run = await live.pq(['sign', 'hello', '--sha3']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: usage: Unknown option '--sha3'\.\nusage: pq sign /);
    noStack(run.stderr);
  });

  it('names flags that do not go together, a value outside the list, an unknown command and a missing file', async () => {
    const runs = await Promise.all([
      live.pq(['sign', 'hello', '--key', 'kid_x', '--algorithm', 'qes2-ecdsa']),
      live.pq(['sign', 'hello', '--algorithm', 'rsa']),
      live.pq(['sing', 'hello']),
      live.pq(['verify', 'hello', '--signature', 'missing.json']),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2]);
    expect(runs[0]!.stderr).toContain('error: usage: --key and --algorithm do not go together');
    expect(runs[1]!.stderr).toContain('error: usage: --algorithm must be one of dilion, qes2-ecdsa, qes2-schnorr, not "rsa"');
    expect(runs[2]!.stderr).toContain('error: usage: unknown command "sing"');
    expect(runs[3]!.stderr).toBe('error: input: cannot read missing.json: no such file\n');
    runs.forEach((r) => noStack(r.stderr));
  });

  it('says the server is unreachable after its retries', async () => {
    const run = await live.pq(['sign', 'hello'], { env: { PQ_API_URL: 'http://127.0.0.1:9' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: network: POST \/api\/v1\/crypto\/dilion\/sign failed after 4 attempts/);
  });

  it('answers --help, a command’s --help and --version with exit 0', async () => {
    const [overview, command, version] = await Promise.all([live.pq(['--help']), live.pq(['verify', '--help']), live.pq(['--version'])]);
    expect(overview.code).toBe(0);
    expect(overview.stdout).toMatch(/^usage: pq <command>/);
    for (const name of ['sign', 'verify', 'prove', 'verify-proof']) expect(overview.stdout).toContain(`  ${name} `);
    expect(command.stdout).toMatch(/^usage: pq verify /);
    expect(command.stdout).toContain('--signature F');
    expect(version.stdout).toBe(`pq ${JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version}\n`);
  });
});
