import { describe, expect, it } from 'vitest';
import { algorithmLabel, applyFilters, familyOf, statusOf, type Operation } from './filter.ts';
import { cutMessage } from './message-text.ts';

let id = 0;
const op = (algorithm: string, operationType: Operation['operationType'], message: string, verified = false): Operation => ({
  id: ++id,
  algorithm,
  operationType,
  channel: 'demo',
  message,
  messageSha256: null,
  messageLength: null,
  signature: {},
  publicKey: null,
  metadata: null,
  verified,
  signatureSize: null,
  generationTime: null,
  verificationTime: null,
  createdAt: '2025-01-01T00:00:00.000Z',
});

const ops = [
  op('dilion', 'sign', 'authentication request'),
  op('dilion', 'verify', 'authentication request', true),
  op('dilion', 'verify', 'tampered', false),
  op('qes2-ecdsa', 'sign', 'Hybrid cryptographic message'),
  op('QES2_Schnorr', 'verify', 'Hybrid cryptographic message', true),
  op('zk-fidna', 'prove', 'balance proof'),
];

describe('history tabs', () => {
  it('maps every spelling of an algorithm to its tab', () => {
    expect(['dilion', 'Dilion', 'DILION'].map(familyOf)).toEqual(['dilion', 'dilion', 'dilion']);
    expect(['qes2-ecdsa', 'qes2_schnorr', 'QES2_ECDSA', 'qes2'].map(familyOf)).toEqual(['qes2', 'qes2', 'qes2', 'qes2']);
    expect(['zk-fidna', 'zk_FIDNA', 'zkfidna'].map(familyOf)).toEqual(['zk-fidna', 'zk-fidna', 'zk-fidna']);
    expect(familyOf('ml-dsa-65')).toBeNull();
    expect(algorithmLabel('qes2-schnorr')).toBe('QES2_Schnorr');
  });

  it('counts each tab and lists its operations', () => {
    const { counts, inTab } = applyFilters(ops, '', 'all');
    expect(counts).toEqual({ all: 6, dilion: 3, qes2: 2, 'zk-fidna': 1 });
    expect(inTab('qes2').map((o) => o.algorithm)).toEqual(['qes2-ecdsa', 'QES2_Schnorr']);
  });

  it('narrows the list and the counts by search text and by type', () => {
    expect(applyFilters(ops, 'HYBRID', 'all').counts).toEqual({ all: 2, dilion: 0, qes2: 2, 'zk-fidna': 0 });
    expect(applyFilters(ops, '', 'verify').counts).toEqual({ all: 3, dilion: 2, qes2: 1, 'zk-fidna': 0 });
    expect(applyFilters(ops, '', 'failed').matching.map((o) => o.message)).toEqual(['tampered']);
    expect(applyFilters(ops, 'schnorr', 'all').counts.all).toBe(1);
    expect(applyFilters(ops, '  ', 'all').counts.all).toBe(6);
  });
});

describe('history entries', () => {
  it('badges sign as Signed, a passing verify as Verified, a failing one as Failed, a proof as Proved', () => {
    expect(ops.map(statusOf)).toEqual(['Signed', 'Verified', 'Failed', 'Signed', 'Verified', 'Proved']);
  });

  it('cuts messages over 100 characters and adds an ellipsis', () => {
    const text = (message: string) => ({ message, messageSha256: null, messageLength: null });
    expect(cutMessage(text('x'.repeat(100)))).toBe('x'.repeat(100));
    expect(cutMessage(text('y'.repeat(101)))).toBe(`${'y'.repeat(100)}...`);
  });

  it('shows a kept digest in place of the text, and finds it by search', () => {
    const digest = { ...op('dilion', 'sign', ''), message: null, messageSha256: 'ab'.repeat(32), messageLength: 11 };
    expect(cutMessage(digest)).toBe('SHA-256 abababababababab… (11 bytes; the text is not kept)');
    expect(applyFilters([digest], 'abababab', 'all').matching).toEqual([digest]);
  });
});
