import { describe, expect, it } from 'vitest';
import { encodedValue, readEncoded, referenceEncoded, storeEncoded } from './encoded-bytes.ts';

describe('the encoded member of a stored value', () => {
  it('is split off as raw bytes and read back to the same JSON, encoded first', () => {
    const value = { encoded: Buffer.from('a signature of any length!').toString('base64'), keyId: 'k1' };
    const stored = storeEncoded(value);
    expect(stored.bytes).toEqual(Buffer.from('a signature of any length!'));
    expect(stored.json).toBe('{"keyId":"k1"}');
    expect(JSON.stringify(readEncoded(JSON.parse(stored.json), stored.bytes))).toBe(JSON.stringify(value));
  });

  it('stays in the JSON when it is not canonical base64, so nothing read back differs from what was stored', () => {
    for (const encoded of ['QR==', 'ab-_', 'not base64!', 'QUJD\n', '']) {
      const stored = storeEncoded({ encoded });
      if (stored.bytes === null) expect(stored.json).toBe(JSON.stringify({ encoded }));
      expect(readEncoded(JSON.parse(stored.json), stored.bytes)).toEqual({ encoded });
    }
    expect(storeEncoded({ encoded: 'QR==' }).bytes).toBeNull();
    expect(storeEncoded({ encoded: 'ab-_' }).bytes).toBeNull();
  });

  it('takes the bytes a service made encoded from as they are, and shows only encoded as JSON', () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0x00, 0x10, 0x20]);
    const value = encodedValue(bytes);
    expect(JSON.stringify(value)).toBe('{"encoded":"+/8AECA="}');
    expect(Object.keys(value)).toEqual(['encoded']);
    const withKeyId = Object.assign(encodedValue(bytes), { keyId: 'k2' });
    expect(storeEncoded(withKeyId)).toEqual({ json: '{"keyId":"k2"}', bytes: Buffer.from(bytes) });
    const again = storeEncoded(value);
    expect(again).toEqual({ json: '{}', bytes: Buffer.from(bytes) });
    expect(readEncoded(JSON.parse(again.json), again.bytes)).toEqual({ encoded: '+/8AECA=' });
  });

  it('stays in the JSON when it is not a string', () => {
    expect(storeEncoded({ encoded: 42 } as never)).toEqual({ json: '{"encoded":42}', bytes: null });
    expect(storeEncoded({})).toEqual({ json: '{}', bytes: null });
  });

  it('reads a value without bytes as its JSON object, and anything else as null', () => {
    expect(readEncoded({ encoded: 'AAAA' }, null)).toEqual({ encoded: 'AAAA' });
    expect(readEncoded(null, null)).toBeNull();
    expect(readEncoded([1, 2], null)).toBeNull();
    expect(readEncoded(null, Buffer.from([1, 2, 3]))).toEqual({ encoded: 'AQID' });
  });

  it('is left out when kept elsewhere, and read back first from the base64 given for it', () => {
    const kept = referenceEncoded({ encoded: 'BBBB', keyId: 'kid_1' });
    expect(kept).toEqual({ json: '{"keyId":"kid_1"}', bytes: null });
    expect(JSON.stringify(readEncoded(JSON.parse(kept.json), 'BBBB'))).toBe('{"encoded":"BBBB","keyId":"kid_1"}');
  });
});
