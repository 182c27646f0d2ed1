/**
 * `pq prove` and `pq verify-proof`, the real bin against a live server: a proof verifies (exit 0),
 * one whose public input was altered does not (exit 1), and bad amounts are usage errors (exit 2).
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

describe('pq prove, then pq verify-proof', () => {
  it('proves a balance into --out, verifies it (exit 0), and says invalid for an altered public input (exit 1)', async () => {
    const proved = await live.pq(['prove', '--secret', '650000', '--balance', '21930000', '--context', 'tx-81', '--out', 'proof.json']);
    expect(proved.code, proved.stderr).toBe(0);
    expect(proved.stdout).toMatch(/^statement +balance_proof: balance ≥ secret \(result 1\)$/m);
    // 826 bytes of proof and the 5 of its context.
    expect(proved.stdout).toMatch(/^proof +831 bytes, attested by kid_\w+ version 1$/m);

    const valid = await live.pq(['verify-proof', '--proof', 'proof.json']);
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.stdout).toMatch(/^valid +balance_proof \(result 1\)$/m);

    const answer = JSON.parse(readFileSync(join(live.dir, 'proof.json'), 'utf8'));
    expect(answer.publicInput.context).toBe(Buffer.from('tx-81').toString('base64'));
    writeFileSync(join(live.dir, 'altered.json'), JSON.stringify({ ...answer, publicInput: { ...answer.publicInput, result: 0 } }));
    const invalid = await live.pq(['verify-proof', '--proof', 'altered.json']);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toMatch(/^invalid +balance_proof \(result 0\)$/m);

    const away = { env: { PQ_API_URL: 'http://127.0.0.1:9', PQ_API_KEY: undefined, PQ_API_SECRET: undefined } };
    const [offline, offlineAltered] = await Promise.all([
      live.pq(['verify-proof', '--proof', 'proof.json', '--offline'], away),
      live.pq(['verify-proof', '--proof', 'altered.json', '--offline'], away),
    ]);
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout).toMatch(/^valid +balance_proof \(result 1\), checked offline$/m);
    expect(offlineAltered.code).toBe(1);
    expect(offlineAltered.stdout).toMatch(/^reason +the proof does not verify/m);
  });

  it('proves a range over amounts past 2^53 with --json and verifies the answer piped in', async () => {
    const proved = await live.pq(['prove', '--circuit', 'range_proof', '--secret', '18446744073709551000', '--min', '9007199254740993', '--max', '18446744073709551615', '--json']);
    expect(proved.code, proved.stderr).toBe(0);
    const answer = JSON.parse(proved.stdout);
    expect(answer.publicInput).toEqual({ result: 1, circuitType: 'range_proof', min: '9007199254740993', max: '18446744073709551615' });
    expect(answer.openings[0].value).toBe('18446744073709551000');
    const valid = await live.pq(['verify-proof', '--json'], { input: proved.stdout });
    expect(valid.code, valid.stderr).toBe(0);
    expect(JSON.parse(valid.stdout)).toMatchObject({ valid: true, details: { mathematicalCheck: true, signatureCheck: true } });
  });

  it('refuses a missing or malformed amount, and a file that is not a prove answer, with exit 2', async () => {
    writeFileSync(join(live.dir, 'not-a-proof.json'), '{"valid": true}');
    const runs = await Promise.all([
      live.pq(['prove', '--balance', '10']),
      live.pq(['prove', '--secret', '-5']),
      live.pq(['verify-proof', '--proof', 'not-a-proof.json']),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2]);
    expect(runs[0]!.stderr).toContain('error: usage: give the secret amount: --secret N');
    expect(runs[1]!.stderr).toMatch(/^error: usage: /);
    expect(runs[2]!.stderr).toBe('error: input: this is not a prove answer: it needs proof and publicInput, as pq prove --out writes them\n');
  });
});
