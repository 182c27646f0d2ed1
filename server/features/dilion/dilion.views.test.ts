import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { describe, expect, it } from 'vitest';
import { engine } from '../../../engine/test-support/loaded-engine.ts';
import { AppError } from '../../errors.ts';
import { fips204Views } from '../../../engine/test-support/fips204-views.ts';
import { dilionMessage, dilionPidMessage, MAX_SID_BYTES, padUid, pidAad, pidCipherFromJson, pidCipherToJson, pidInfo } from '../../../shared/dilion.ts';
import { createDilionViews, dilionContext, parsePidCipher } from './dilion.views.ts';

const keys = ml_dsa65.keygen(new Uint8Array(32).fill(1));
const signature = ml_dsa65.sign(new Uint8Array([0, 104, 105]), keys.secretKey, { context: dilionContext('default').bytes });

describe('Dilion encoding', () => {
  it('prefixes the message with the version byte 0x00', () => {
    expect([...dilionMessage('hi')]).toEqual([0x00, 0x68, 0x69]);
    expect([...dilionMessage('é')]).toEqual([0x00, 0xc3, 0xa9]);
  });

  it('builds the context dilion/v1|sid and refuses one over 255 bytes', () => {
    expect(dilionContext('service-A').text).toBe('dilion/v1|service-A');
    expect(dilionContext('x'.repeat(MAX_SID_BYTES)).bytes).toHaveLength(255);
    const error = (() => {
      try {
        dilionContext('x'.repeat(MAX_SID_BYTES + 1));
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(error).toMatchObject({ status: 400, code: 'context_too_long', param: 'sid' });
  });
});

const { views: signatureViews, check: checkViews } = createDilionViews(engine.mlDsa65);

describe('signature views', () => {
  const views = signatureViews(signature);

  it('decodes c as a challenge with exactly 49 coefficients of ±1', () => {
    expect(views.c).toHaveLength(256);
    expect(views.c.filter((x) => x !== 0)).toHaveLength(49);
    expect(views.c.every((x) => x === 0 || x === 1 || x === -1)).toBe(true);
  });

  it('decodes z as 1,280 coefficients within the bound a valid signature obeys (|z| < γ1 − β)', () => {
    expect(views.z).toHaveLength(1280);
    expect(Math.max(...views.z.map(Math.abs))).toBeLessThan((1 << 19) - 196);
    // Random 20-bit values would exceed the bound almost surely: this checks the unpacking is right.
    expect(views.z.some((x) => x < 0) && views.z.some((x) => x > 0)).toBe(true);
  });

  it('agree with an independent reading of FIPS 204 (SampleInBall on SHAKE256, 20-bit z unpacking)', () => {
    const independent = fips204Views(signature);
    expect(views.c).toEqual(independent.c);
    expect(views.z).toEqual(independent.z);
  });

  it('accepts unmodified views and refuses edited ones', () => {
    expect(() => checkViews(signature, views)).not.toThrow();
    expect(() => checkViews(signature, {})).not.toThrow();
    const z = [...views.z];
    z[7]! += 1;
    expect(() => checkViews(signature, { z })).toThrow(/signature.z/);
    expect(() => checkViews(signature, { c: views.c.slice(1) })).toThrow(/signature.c/);
  });
});

describe('privacy identifier encoding (shared/dilion.ts)', () => {
  it('pads the NFC uid with 0x80 and zeros to 64 bytes up to 63 bytes, else to 256, and refuses over 255', () => {
    const short = padUid('ab')!;
    expect(short).toHaveLength(64);
    expect([...short.subarray(0, 4)]).toEqual([0x61, 0x62, 0x80, 0]);
    expect(padUid('x'.repeat(63))).toHaveLength(64);
    expect(padUid('x'.repeat(64))).toHaveLength(256);
    expect(padUid('x'.repeat(255))![255]).toBe(0x80);
    expect(padUid('x'.repeat(256))).toBeNull();
    expect(padUid('e\u0301')).toEqual(padUid('\u00e9'));
  });

  it('builds info, aad and M byte for byte as docs/crypto/dilion.md §3 says', () => {
    expect([...pidInfo('s')]).toEqual([...Buffer.from('dilion/v1 pid'), 0, 0x73]);
    const aad = pidAad(new Uint8Array([1]), 'm', (d) => new Uint8Array(32).fill(d[0]!));
    expect([...aad.subarray(0, 2), ...aad.subarray(32, 34)]).toEqual([1, 1, 0x6d, 0x6d]);
    const m = dilionPidMessage(new Uint8Array(32).fill(7), new Uint8Array(1088).fill(8), new Uint8Array(80).fill(9), 'hi');
    expect(m).toHaveLength(1 + 32 + 1088 + 2 + 80 + 2);
    expect([m[0], m[1], m[33], m[1121], m[1122], m[1123], m[m.length - 2]]).toEqual([1, 7, 8, 0, 80, 9, 0x68]);
  });
});

describe('pidCipher from JSON (shared/dilion.ts, read by the server and the browser alike)', () => {
  const parts = { C1: new Uint8Array(1088).fill(1), C2: new Uint8Array(80).fill(2), serviceKeyId: new Uint8Array(32).fill(3) };
  const json = pidCipherToJson(parts);

  it('round-trips the bytes of a sign response', () => {
    expect(json.serviceKeyId).toBe('03'.repeat(32));
    expect(pidCipherFromJson(json, 'pidCipher')).toEqual({ value: parts });
  });

  it('names the field of the wrong size, and the server answers it with a 400', () => {
    const short = { ...json, C1: Buffer.alloc(1087).toString('base64') };
    expect(pidCipherFromJson(short, 'pidCipher')).toEqual({
      problem: { code: 'invalid_pid_cipher', param: 'pidCipher.C1', message: 'pidCipher.C1 must be 1088 bytes (got 1087).' },
    });
    const c2 = { ...json, C2: Buffer.alloc(81).toString('base64') };
    expect(pidCipherFromJson(c2, 'signature.pidCipher')).toMatchObject({ problem: { param: 'signature.pidCipher.C2' } });
    const skid = { ...json, serviceKeyId: 'ab' };
    expect(pidCipherFromJson(skid, 'pidCipher')).toMatchObject({ problem: { param: 'pidCipher.serviceKeyId' } });
    expect(() => parsePidCipher(short, 'pidCipher')).toThrow(expect.objectContaining({ status: 400, code: 'invalid_pid_cipher', param: 'pidCipher.C1' }));
  });
});
