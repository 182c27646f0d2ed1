import { describe, expect, it } from 'vitest';
import { attachEngineTimes } from './serverRecords.ts';
import type { Sample } from './stats.ts';

const record = (operationType: 'sign' | 'prove' | 'verify', encoded: string, ms: number) => ({
  id: 1,
  algorithm: operationType === 'prove' ? 'zk-fidna' : 'dilion',
  operationType,
  channel: 'demo' as const,
  message: 'Benchmark test 1',
  signature: { encoded },
  publicKey: null,
  metadata: null,
  verified: operationType === 'verify',
  signatureSize: 3309,
  generationTime: operationType === 'verify' ? null : ms,
  verificationTime: operationType === 'verify' ? ms : null,
  createdAt: new Date().toISOString(),
});
const sample = (side: 'browser' | 'server', signature?: string): Sample => ({ index: 1, side, ok: true, signMs: 5, verifyMs: 4, time: 9, size: 3309, signature });

describe('server engine times', () => {
  it('takes sign and verify engine times from the records of the same signature', () => {
    const { samples, matched } = attachEngineTimes(
      [sample('server', 'AAA='), sample('server', 'BBB='), sample('browser')],
      [record('sign', 'AAA=', 0.42), record('verify', 'AAA=', 0.2), record('sign', 'CCC=', 9)],
    );
    expect(matched).toBe(1);
    expect(samples[0]).toMatchObject({ engineSignMs: 0.42, engineVerifyMs: 0.2 });
    expect(samples[1]!.engineSignMs).toBeUndefined();
    expect(samples[2]).toEqual(sample('browser'));
  });

  it('takes a zk-FIDNA proof’s prove and verify engine times from the records of the same proof', () => {
    const { samples, matched } = attachEngineTimes([sample('server', 'PPP=')], [record('prove', 'PPP=', 24.5), record('verify', 'PPP=', 4.1)]);
    expect(matched).toBe(1);
    expect(samples[0]).toMatchObject({ engineSignMs: 24.5, engineVerifyMs: 4.1 });
  });
});
