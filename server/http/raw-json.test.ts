import { describe, expect, it } from 'vitest';
import { RawJson, stringifyJson, withMembers } from './raw-json.ts';

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

  it('adds serialized members to an object, empty or not', () => {
    expect(stringifyJson(withMembers({ encoded: 'AA==' }, '"c":[1],"z":[-2]'))).toBe('{"encoded":"AA==","c":[1],"z":[-2]}');
    expect(stringifyJson(withMembers({}, '"c":[1]'))).toBe('{"c":[1]}');
  });
});
