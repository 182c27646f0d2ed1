import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { base64Member, jsonBytesOf, JsonBytes, jsonMember, RawJson, rawObject, stringifyJson } from './raw-json.ts';

describe('RawJson', () => {
  it('is sent as its text, wherever it sits', () => {
    const body = { a: new RawJson<number[]>('[1,2,3]'), b: [{ c: new RawJson<{ d: string }>('{"d":"x"}') }], e: 'plain' };
    expect(stringifyJson(body)).toBe('{"a":[1,2,3],"b":[{"c":{"d":"x"}}],"e":"plain"}');
  });

  it('serializes to its value under a plain JSON.stringify too', () => {
    expect(JSON.stringify({ a: new RawJson('[1, 2]') })).toBe('{"a":[1,2]}');
  });

  it('cannot be imitated by a string a caller sends', () => {
    const lookalikes = ['\u00000', '\u0000abc0', '"\\u00000"', '\\u0000'];
    for (const text of lookalikes) expect(JSON.parse(stringifyJson({ message: text, raw: new RawJson('1') }))).toEqual({ message: text, raw: 1 });
  });

  it('makes an object of serialized members, none or several', () => {
    expect(stringifyJson(rawObject(base64Member('encoded', 'AA=='), jsonMember('pidCipher', { C1: 'x"y' }), '"c":[1],"z":[-2]'))).toBe('{"encoded":"AA==","pidCipher":{"C1":"x\\"y"},"c":[1],"z":[-2]}');
    expect(stringifyJson(rawObject())).toBe('{}');
  });

  it('writes a base64 or hex member exactly as JSON.stringify does', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = randomBytes(n * 37);
      for (const text of [bytes.toString('base64'), bytes.toString('hex')]) expect(base64Member('encoded', text)).toBe(JSON.stringify({ encoded: text }).slice(1, -1));
    }
  });
});

describe('JsonBytes', () => {
  it('writes its pieces as UTF-8, characters beyond ASCII included, to the exact length', () => {
    const value = { context: 'dilion/v1|sérvice-✓-😀', n: [1, -2] };
    const written = new JsonBytes(['{', jsonMember('context', value.context), ',"n":', '[1,-2]', '}']);
    expect(written.bytes).toEqual(Buffer.from(JSON.stringify(value), 'utf8'));
    expect(JSON.parse(written.bytes.toString('utf8'))).toEqual(value);
  });

  it('is sent as written, and read as its value by any other JSON.stringify', () => {
    const written = new JsonBytes(['{"a":', '[1,2]', '}']);
    expect(jsonBytesOf(written)).toBe(written.bytes);
    expect(JSON.stringify({ wrapped: written })).toBe('{"wrapped":{"a":[1,2]}}');
    expect(jsonBytesOf({ raw: new RawJson('[3]') }).toString('utf8')).toBe('{"raw":[3]}');
  });
});
