/**
 * engine.dilion against docs/crypto/dilion.md §3 and §4 with independent implementations: M, info and aad
 * are rebuilt here from the documented layouts (not from shared/dilion.ts), the ML-DSA-65 part is
 * checked with @noble/post-quantum and the pidCipher is opened with @hpke/core + @hpke/ml-kem.
 */
import { Chacha20Poly1305 } from '@hpke/chacha20poly1305';
import { CipherSuite, HkdfSha256 } from '@hpke/core';
import { MlKem768 } from '@hpke/ml-kem';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../test-support/loaded-engine.ts';
import type { DilionPidCipher } from './index.ts';

let signer: { publicKey: Uint8Array; secretKey: Uint8Array };
let other: { publicKey: Uint8Array; secretKey: Uint8Array };
let serviceSeed: Uint8Array;
let service: { publicKey: Uint8Array; secretKey: Uint8Array };
beforeAll(() => {
  signer = engine.mlDsa65.keygen();
  other = engine.mlDsa65.keygen();
  serviceSeed = rand(64);
  service = engine.mlKem768.keygen(serviceSeed);
});

const rand = (n: number) => new Uint8Array(randomBytes(n));
const utf8 = (s: string) => new TextEncoder().encode(s);
const sha3 = (b: Uint8Array) => new Uint8Array(createHash('sha3-256').update(b).digest());
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const flip = (b: Uint8Array, i = 0) => {
  const c = b.slice();
  c[i] ^= 1;
  return c;
};
const code = (code: string, param: string) => expect.objectContaining({ code, param });

// docs/crypto/dilion.md §3, written out from the document.
const docContext = (sid: string) => utf8(`dilion/v1|${sid}`);
const docInfo = (sid: string) => concat(utf8('dilion/v1 pid'), new Uint8Array([0]), utf8(sid));
const docAad = (pk: Uint8Array, message: string) => concat(sha3(pk), sha3(utf8(message)));
const docM = (p: DilionPidCipher, message: string) =>
  concat(new Uint8Array([0x01]), p.serviceKeyId, p.C1, new Uint8Array([p.C2.length >> 8, p.C2.length & 0xff]), p.C2, utf8(message));

const theirs = new CipherSuite({ kem: new MlKem768(), kdf: new HkdfSha256(), aead: new Chacha20Poly1305() });
const buffer = (b: Uint8Array) => b.slice().buffer as ArrayBuffer;
async function theirOpen(seed: Uint8Array, p: DilionPidCipher, info: Uint8Array, aad: Uint8Array) {
  const recipientKey = await theirs.kem.importKey('raw', buffer(seed), false);
  return new Uint8Array(await theirs.open({ recipientKey, enc: buffer(p.C1), info: buffer(info) }, buffer(p.C2), buffer(aad)));
}

const signWithUid = (message: string, uid: string, sid = 'shop') =>
  engine.dilion.sign(message, signer.secretKey, { sid, uid, publicKey: signer.publicKey, serviceKey: { publicKey: service.publicKey } });

describe('Dilion signatures are plain ML-DSA-65 over the documented M', () => {
  it('without uid: M = 0x00 ‖ message, no pidCipher, verified by @noble/post-quantum', () => {
    const s = engine.dilion.sign('hello', signer.secretKey);
    expect(s.pidCipher).toBeNull();
    expect(s.pidOpening).toBeNull();
    expect(s.context).toBe('dilion/v1|default');
    expect(ml_dsa65.verify(s.signature, concat(new Uint8Array([0]), utf8('hello')), signer.publicKey, { context: docContext('default') })).toBe(true);
    expect(engine.dilion.verify(signer.publicKey, 'hello', s.signature)).toBe(true);
  });

  it('with uid: M = 0x01 ‖ skid ‖ C1 ‖ u16be(|C2|) ‖ C2 ‖ message, verified by @noble/post-quantum', () => {
    const s = signWithUid('pay 10 EUR', 'alice@example.com');
    const p = s.pidCipher!;
    expect([s.signature.length, p.C1.length, p.C2.length, p.serviceKeyId.length]).toEqual([3309, 1088, 80, 32]);
    expect(s.signature.length + p.C1.length + p.C2.length + p.serviceKeyId.length).toBe(4509);
    expect(p.serviceKeyId).toEqual(sha3(service.publicKey));
    expect(p.suite).toBe('HPKE-Base/ML-KEM-768/HKDF-SHA256/ChaCha20-Poly1305');
    expect(ml_dsa65.verify(s.signature, docM(p, 'pay 10 EUR'), signer.publicKey, { context: docContext('shop') })).toBe(true);
    expect(engine.dilion.verify(signer.publicKey, 'pay 10 EUR', s.signature, { sid: 'shop', pidCipher: p })).toBe(true);
  });

  it('treats a UTF-8 Uint8Array message as the text it encodes', () => {
    const s = engine.dilion.sign(utf8('grüße'), signer.secretKey, { sid: 'x' });
    expect(engine.dilion.verify(signer.publicKey, 'grüße', s.signature, { sid: 'x' })).toBe(true);
    expect(() => engine.dilion.sign(new Uint8Array([0xff]), signer.secretKey)).toThrow(expect.objectContaining({ code: 'invalid_argument', param: 'message' }));
  });

  it('signs deterministically with random: false and the same encapsulation randomness', () => {
    const opts = { uid: 'u', publicKey: signer.publicKey, serviceKey: { publicKey: service.publicKey }, random: false as const, encapsulationRandom: new Uint8Array(32).fill(7) };
    const [a, b] = [engine.dilion.sign('m', signer.secretKey, opts), engine.dilion.sign('m', signer.secretKey, opts)];
    expect(a.signature).toEqual(b.signature);
    expect(a.pidCipher).toEqual(b.pidCipher);
    expect(a.pidOpening).toEqual(new Uint8Array(32).fill(7));
  });
});

describe('Dilion verify fails when anything bound changed', () => {
  it('rejects a wrong sid, message or signer, and a missing or tampered pidCipher', () => {
    const s = signWithUid('msg', 'bob');
    const p = s.pidCipher!;
    const verify = (over: { pk?: Uint8Array; message?: string; sid?: string; pidCipher?: DilionPidCipher | null }) =>
      engine.dilion.verify(over.pk ?? signer.publicKey, over.message ?? 'msg', s.signature, { sid: over.sid ?? 'shop', pidCipher: over.pidCipher === undefined ? p : over.pidCipher });
    expect(verify({})).toBe(true);
    expect(verify({ sid: 'default' })).toBe(false);
    expect(verify({ message: 'msg.' })).toBe(false);
    expect(verify({ pk: other.publicKey })).toBe(false);
    expect(verify({ pidCipher: null })).toBe(false);
    expect(verify({ pidCipher: { ...p, C1: flip(p.C1, 100) } })).toBe(false);
    expect(verify({ pidCipher: { ...p, C2: flip(p.C2, 5) } })).toBe(false);
    expect(verify({ pidCipher: { ...p, serviceKeyId: flip(p.serviceKeyId) } })).toBe(false);
  });

  it('rejects a signature without uid under another sid', () => {
    const s = engine.dilion.sign('msg', signer.secretKey, { sid: 'a' });
    expect(engine.dilion.verify(signer.publicKey, 'msg', s.signature, { sid: 'b' })).toBe(false);
  });
});

describe('Dilion pidCipher opens only for the service key, signer, message and sid it was bound to', () => {
  it('opens with @hpke/core given the documented info and aad, to the padded uid', async () => {
    const s = signWithUid('order 42', 'carol');
    const pt = await theirOpen(serviceSeed, s.pidCipher!, docInfo('shop'), docAad(signer.publicKey, 'order 42'));
    expect(pt).toEqual(concat(utf8('carol'), new Uint8Array([0x80]), new Uint8Array(64 - 6)));
  });

  it('open returns the uid for the service seed or decapsulation key, and with the pidOpening', () => {
    const s = signWithUid('order 42', 'carol');
    const where = { message: 'order 42', signerPublicKey: signer.publicKey, sid: 'shop' };
    expect(engine.dilion.open(s.pidCipher!, serviceSeed, where)).toBe('carol');
    expect(engine.dilion.open(s.pidCipher!, service.secretKey, where)).toBe('carol');
    expect(engine.dilion.openWithOpening(s.pidCipher!, service.publicKey, s.pidOpening!, where)).toBe('carol');
  });

  it('returns null for a pidCipher moved to another message, signer or sid, or for another key', () => {
    const s = signWithUid('order 42', 'carol');
    const p = s.pidCipher!;
    const where = { message: 'order 42', signerPublicKey: signer.publicKey, sid: 'shop' };
    expect(engine.dilion.open(p, serviceSeed, { ...where, message: 'order 43' })).toBeNull();
    expect(engine.dilion.open(p, serviceSeed, { ...where, signerPublicKey: other.publicKey })).toBeNull();
    expect(engine.dilion.open(p, serviceSeed, { ...where, sid: 'default' })).toBeNull();
    expect(engine.dilion.open(p, rand(64), where)).toBeNull();
    expect(engine.dilion.open({ ...p, C2: flip(p.C2) }, serviceSeed, where)).toBeNull();
    expect(engine.dilion.openWithOpening(p, service.publicKey, flip(s.pidOpening!), where)).toBeNull();
    expect(engine.dilion.openWithOpening(p, service.publicKey, s.pidOpening!, { ...where, message: 'order 43' })).toBeNull();
  });

  it('returns null when the pidCipher names another service key id, even though it decrypts', () => {
    const s = signWithUid('m', 'dave');
    const where = { message: 'm', signerPublicKey: signer.publicKey, sid: 'shop' };
    expect(engine.dilion.open({ ...s.pidCipher!, serviceKeyId: rand(32) }, serviceSeed, where)).toBeNull();
  });
});

describe('Dilion uid padding hides its length (docs/crypto/dilion.md §3.2)', () => {
  const where = (message: string) => ({ message, signerPublicKey: signer.publicKey, sid: 'shop' });

  it('pads 0..63 bytes to 64 (C2 80) and 64..255 bytes to 256 (C2 272), and each opens', () => {
    for (const [uid, c2] of [['', 80], ['x'.repeat(63), 80], ['x'.repeat(64), 272], ['é'.repeat(127) + 'x', 272]] as const) {
      const s = signWithUid('m', uid);
      expect(s.pidCipher!.C2.length, `${uid.length} chars`).toBe(c2);
      expect(engine.dilion.open(s.pidCipher!, serviceSeed, where('m'))).toBe(uid);
    }
  });

  it('refuses a uid over 255 bytes of UTF-8 and normalises to NFC', () => {
    expect(() => signWithUid('m', 'é'.repeat(128))).toThrow(code('invalid_length', 'options.uid'));
    const s = signWithUid('m', 'e\u0301');
    expect(engine.dilion.open(s.pidCipher!, serviceSeed, where('m'))).toBe('\u00e9');
  });
});

describe('Dilion refuses malformed arguments, naming them', () => {
  it('checks keys, options, sid and pidCipher sizes', () => {
    const d = engine.dilion;
    expect(() => d.sign('m', rand(10))).toThrow(code('invalid_key', 'secretKey'));
    expect(() => d.sign('m', signer.secretKey, { sid: 'x'.repeat(246) })).toThrow(code('context_too_long', 'options.sid'));
    expect(() => d.sign('m', signer.secretKey, { uid: 'u', publicKey: signer.publicKey })).toThrow(code('invalid_option', 'options.serviceKey'));
    expect(() => d.sign('m', signer.secretKey, { uid: 'u', serviceKey: { publicKey: service.publicKey } })).toThrow(code('invalid_option', 'options.publicKey'));
    expect(() => d.sign('m', signer.secretKey, { uid: 'u', publicKey: other.publicKey, serviceKey: { publicKey: service.publicKey } })).toThrow(
      code('invalid_key', 'options.publicKey'),
    );
    expect(() => d.sign('m', signer.secretKey, { serviceKey: { publicKey: service.publicKey } })).toThrow(code('invalid_option', 'options.serviceKey'));
    const withKey = (serviceKey: object) => () => d.sign('m', signer.secretKey, { uid: 'u', publicKey: signer.publicKey, serviceKey: serviceKey as never });
    expect(withKey({ publicKey: rand(10) })).toThrow(code('invalid_key', 'options.serviceKey.publicKey'));
    expect(withKey({ publicKey: new Uint8Array(1184).fill(0xff) })).toThrow(code('invalid_key', 'options.serviceKey.publicKey'));
    expect(withKey({ publicKey: service.publicKey, keyId: rand(32) })).toThrow(code('invalid_key', 'options.serviceKey.keyId'));
    expect(() => d.sign('m', signer.secretKey, { contxt: 'x' } as never)).toThrow(code('invalid_option', 'options.contxt'));

    const s = signWithUid('m', 'u');
    const where = { message: 'm', signerPublicKey: signer.publicKey, sid: 'shop' };
    expect(() => d.verify(signer.publicKey, 'm', s.signature, { sid: 'shop', pidCipher: { ...s.pidCipher!, C2: rand(81) } })).toThrow(
      code('invalid_ciphertext_length', 'options.pidCipher.C2'),
    );
    expect(() => d.open({ ...s.pidCipher!, C1: rand(1087) }, serviceSeed, where)).toThrow(code('invalid_ciphertext_length', 'pidCipher.C1'));
    expect(() => d.open(s.pidCipher!, rand(63), where)).toThrow(code('invalid_key', 'serviceSecretKey'));
    expect(() => d.open(s.pidCipher!, serviceSeed, { message: 'm' } as never)).toThrow(code('invalid_argument', 'options.signerPublicKey'));
    expect(() => d.openWithOpening(s.pidCipher!, service.publicKey, rand(31), where)).toThrow(code('invalid_random_length', 'pidOpening'));
  });
});
