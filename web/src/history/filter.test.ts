import { describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/index.ts';
import { algorithmLabel, applyFilters, familyOf, statusLabel, statusOf, tabEmpty, tabLabel, typeFilters, type Operation } from './filter.ts';
import { cutMessage, messageText } from './message-text.ts';

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

describe('ML-KEM key operations (docs/decisions/054)', () => {
  const kem = (operationType: Operation['operationType'], size: number): Operation => ({ ...op('ML-KEM-768', operationType, ''), signatureSize: size });
  const kemOps = [kem('encapsulate', 1088), kem('seal', 316), kem('generate-data-key', 48), kem('decapsulate', 1088), kem('open', 316)];

  it('badges the encrypting side Encrypted and the decrypting side Decrypted, never Failed', () => {
    expect(kemOps.map(statusOf)).toEqual(['Encrypted', 'Encrypted', 'Encrypted', 'Decrypted', 'Decrypted']);
  });

  it('filters them by encrypt and decrypt, as API-key restrictions group them, and lists them under All only', () => {
    const all = [...ops, ...kemOps];
    expect(applyFilters(all, '', 'encrypt').matching.map((o) => o.operationType)).toEqual(['encapsulate', 'seal', 'generate-data-key']);
    expect(applyFilters(all, '', 'decrypt').matching.map((o) => o.operationType)).toEqual(['decapsulate', 'open']);
    expect(applyFilters(all, '', 'failed').matching.map((o) => o.message)).toEqual(['tampered']);
    expect(applyFilters(all, '', 'all').counts).toEqual({ all: 11, dilion: 3, qes2: 2, 'zk-fidna': 1 });
  });

  it('shows the ciphertext size in place of a message, whatever the history keeps', () => {
    const digestKept = { ...kem('seal', 316), message: null, messageSha256: 'e3b0c442', messageLength: 0 };
    for (const entry of [kem('seal', 316), digestKept]) {
      expect(messageText(entry)).toBe('Ciphertext of 316 bytes; plaintexts, shared secrets and data keys are never kept');
      expect(cutMessage(entry)).toBe(messageText(entry));
    }
    expect(messageText({ message: '', messageSha256: null, messageLength: null, operation: 'open' })).toMatch(/^No message/);
  });
});

describe('history texts in Korean (docs/decisions/041)', () => {
  const digest = { ...op('dilion', 'sign', ''), message: null, messageSha256: 'ab'.repeat(32), messageLength: 1234 };

  it('label tabs, filters, badges and digests in the page’s language, and search finds what the page shows', async () => {
    expect(tabEmpty('qes2')).toBe('No QES2 operations found.');
    expect(typeFilters().map((f) => f.label)).toEqual(['All types', 'Sign', 'Verify', 'Prove', 'Encrypt', 'Decrypt', 'Failed only']);
    await setLanguage('ko');
    try {
      expect([tabLabel('all'), tabLabel('zk-fidna')]).toEqual(['전체', 'zk-FIDNA']);
      expect([tabEmpty('all'), tabEmpty('qes2')]).toEqual(['연산이 없습니다. 데모에서 연산을 만들어 보세요!', 'QES2 연산이 없습니다.']);
      expect(typeFilters().map((f) => f.label)).toEqual(['모든 유형', '서명', '검증', '증명', '암호화', '복호화', '실패만']);
      expect(ops.map(statusOf).map(statusLabel)).toEqual(['서명됨', '검증됨', '실패', '서명됨', '검증됨', '증명됨']);
      expect(cutMessage(digest)).toBe('SHA-256 abababababababab… (1,234바이트, 텍스트는 보관하지 않음)');
      expect(messageText(digest)).toBe(`SHA-256 ${'ab'.repeat(32)} (1,234바이트, 텍스트는 보관하지 않음)`);
      expect(applyFilters(ops, '실패', 'all').matching.map((o) => o.message)).toEqual(['tampered']);
      expect(applyFilters(ops, 'failed', 'all').matching.map((o) => o.message)).toEqual(['tampered']);
    } finally {
      await setLanguage('en');
    }
    expect(cutMessage(digest)).toBe('SHA-256 abababababababab… (1,234 bytes; the text is not kept)');
  });
});
