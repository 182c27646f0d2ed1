/**
 * The audit chain's encoding (docs/decisions/055-audit-log.md): every field is length-prefixed, so
 * moving bytes between fields, null against empty, or any one field changes the hash; the hash is
 * SHA-256 of exactly the documented bytes; and the details are canonical and hold no secret.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, encodeEvent, GENESIS_HASH, hashEvent, type ChainedFields } from './audit-chain.ts';

const EVENT: ChainedFields = {
  userId: 'u1', seq: 1, type: 'api_key.created', actorKind: 'account', actorId: null, createdAt: 1_795_000_000_000,
  clientAddress: '127.0.0.1', requestId: 'req-1', subject: '7', details: '{"name":"CI"}', prevHash: GENESIS_HASH,
};

const field = (text: string | null) => {
  if (text === null) return Buffer.from([0xff, 0xff, 0xff, 0xff]);
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
};

describe('the audit chain encoding', () => {
  it('is the version tag and each field as a 4-byte big-endian length and its UTF-8 bytes, absent fields as 0xFFFFFFFF', () => {
    const expected = Buffer.concat(
      ['pq-platform-audit/1', 'u1', '1', 'api_key.created', 'account', null, '1795000000000', '127.0.0.1', 'req-1', '7', '{"name":"CI"}', GENESIS_HASH].map(field),
    );
    expect(encodeEvent(EVENT).equals(expected)).toBe(true);
    expect(hashEvent(EVENT)).toBe(createHash('sha256').update(expected).digest('hex'));
    expect(hashEvent(EVENT)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives another hash for any change to any field, the previous hash included', () => {
    const changes: Partial<ChainedFields>[] = [
      { userId: 'u2' }, { seq: 2 }, { type: 'api_key.deleted' }, { actorKind: 'api_key' }, { actorId: 'pk_x' }, { createdAt: EVENT.createdAt + 1 },
      { clientAddress: '::1' }, { requestId: 'req-2' }, { subject: '8' }, { details: '{"name":"CJ"}' }, { prevHash: 'f'.repeat(64) },
    ];
    const hashes = new Set([hashEvent(EVENT), ...changes.map((c) => hashEvent({ ...EVENT, ...c }))]);
    expect(hashes.size).toBe(changes.length + 1);
  });

  it('keeps field boundaries: bytes moved from one field to the next, or null against empty, hash differently', () => {
    expect(hashEvent({ ...EVENT, clientAddress: '127.0.0.1r', requestId: 'eq-1' })).not.toBe(hashEvent(EVENT));
    expect(hashEvent({ ...EVENT, subject: '' })).not.toBe(hashEvent({ ...EVENT, subject: null }));
    expect(hashEvent({ ...EVENT, actorId: '', clientAddress: null })).not.toBe(hashEvent({ ...EVENT, actorId: null, clientAddress: '' }));
  });
});

describe('canonicalJson', () => {
  it('sorts object keys at every depth and writes no spaces, so equal details hash alike', () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null, 'x'], c: 2 } })).toBe('{"a":{"c":2,"d":[true,null,"x"]},"b":1}');
    expect(canonicalJson({ z: 'é', a: '' })).toBe('{"a":"","z":"é"}');
    expect(canonicalJson({})).toBe('{}');
  });

  it.each(['password', 'newPassword', 'apiSecret', 'token', 'seed', 'totpCode', 'recoveryCodes', 'privateKey'])('refuses a key that names a secret (%s)', (key) => {
    expect(() => canonicalJson({ [key]: 'x' })).toThrow(/never hold secrets/);
    expect(() => canonicalJson({ nested: { [key]: 'x' } })).toThrow(/never hold secrets/);
  });

  it('refuses numbers JSON cannot carry', () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(/finite/);
  });
});
