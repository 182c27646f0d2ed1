import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { base64Member, jsonBytesOf, JsonBytes, jsonMember } from './raw-json.ts';

describe('members', () => {
  it('quote a value through JSON.stringify', () => {
    expect(jsonMember('pidCipher', { C1: 'x"y' })).toBe('"pidCipher":{"C1":"x\\"y"}');
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
    expect(jsonBytesOf({ plain: [3, 'é'] })).toEqual(Buffer.from('{"plain":[3,"é"]}', 'utf8'));
  });
});
