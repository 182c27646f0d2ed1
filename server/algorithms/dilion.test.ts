import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/src/index.ts';
import { AppError } from '../errors.ts';
import { checkViews, dilionContext, dilionMessage, MAX_SID_BYTES, signatureViews } from './dilion.ts';

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

  it('agree with the engine’s own decoding of the signature (an independent implementation)', async () => {
    const engine = await loadEngine();
    const parts = engine.mlDsa65.decodeSignature(signature)!;
    expect(views.c).toEqual([...parts.c]);
    expect(views.z).toEqual([...parts.z]);
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
