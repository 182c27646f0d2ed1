/**
 * One in-browser benchmark operation, with the real engine: the worker's code (dilion-local,
 * qes2-local, zkfidna-local) runs in this process in place of the Web Worker, which Node lacks.
 * Signatures and proofs are real, so sizes and verdicts are the engine's own.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { engine } from '../../../../engine/test-support/loaded-engine.ts';
import { createLocalDilion } from '../../workers/dilion-local.ts';
import { createLocalQes2 } from '../../workers/qes2-local.ts';
import { createLocalZkFidna, type LocalZkFidna } from '../../workers/zkfidna-local.ts';

/** What the next verify is given instead of the message signed, to make a real signature fail. */
let tamper: ((message: string) => string) | null = null;
let failSign: Error | null = null;

vi.mock('../../workers/engine.client.ts', () => ({
  engineWorker: () => ({
    warmUp: async () => {},
    dilionSign: async (message: string, sid?: string) => {
      if (failSign) throw failSign;
      return local.dilion.sign(message, sid);
    },
    dilionVerify: async (message: string, signature: string, publicKey: string, sid?: string) => local.dilion.verify(tamper ? tamper(message) : message, signature, publicKey, sid),
    qes2Sign: async (mode: 'ecdsa' | 'schnorr', message: string) => local.qes2.sign(mode, message),
    qes2Verify: async (mode: 'ecdsa' | 'schnorr', message: string, signature: string, publicKey: string) => local.qes2.verify(mode, tamper ? tamper(message) : message, signature, publicKey),
    zkProve: async (input: Parameters<LocalZkFidna['prove']>[0]) => local.zk.prove(input),
    zkVerify: async (input: Parameters<LocalZkFidna['verify']>[0]) => local.zk.verify(input),
  }),
}));

const { browserOperation, zkBenchmarkInput } = await import('./operations.ts');

/** The workers' code, on the engine, in place of the Web Worker. */
const local = { dilion: createLocalDilion(engine), qes2: createLocalQes2(engine), zk: createLocalZkFidna(engine) };
beforeEach(() => {
  tamper = null;
  failSign = null;
});

describe('an in-browser benchmark operation', () => {
  it.each([
    ['dilion', 3309],
    ['qes2-ecdsa', 3373],
    ['qes2-schnorr', 3373],
    ['zk-fidna', 826],
  ] as const)('signs (or proves) and verifies %s for real, timing each step and the engine', async (algorithm, size) => {
    const sample = await browserOperation(algorithm, 4);
    expect(sample).toMatchObject({ index: 4, side: 'browser', ok: true, size });
    expect(sample.time).toBeCloseTo(sample.signMs + sample.verifyMs);
    expect(sample.engineSignMs).toBeGreaterThan(0);
    expect(sample.engineVerifyMs).toBeGreaterThan(0);
    // The page's clock runs around the worker's, so it never reads less.
    expect(sample.signMs).toBeGreaterThanOrEqual(sample.engineSignMs!);
  });

  it('fails an operation whose signature does not verify, with time 0 and the reason', async () => {
    tamper = (message) => `${message}, altered`;
    expect(await browserOperation('dilion', 1)).toMatchObject({ ok: false, time: 0, signMs: 0, verifyMs: 0, size: null, error: 'The signature did not verify' });
    expect(await browserOperation('qes2-schnorr', 1)).toMatchObject({ ok: false, error: 'The signature did not verify' });
  });

  it('fails an operation whose step throws, with the worker’s words', async () => {
    failSign = new Error('The engine could not load');
    expect(await browserOperation('dilion', 1)).toMatchObject({ ok: false, time: 0, error: 'The engine could not load' });
  });

  it('proves random balance statements in docs/product.md §7’s ranges', () => {
    for (let i = 0; i < 200; i++) {
      const s = zkBenchmarkInput();
      expect(s.circuitType).toBe('balance_proof');
      expect(s.secretValue).toBeGreaterThanOrEqual(100);
      expect(s.secretValue).toBeLessThanOrEqual(599);
      expect(s.balanceValue).toBeGreaterThanOrEqual(1000);
      expect(s.balanceValue).toBeLessThanOrEqual(5999);
    }
  });
});
