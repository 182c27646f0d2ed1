import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH } from './json-depth.ts';

describe('jsonDepth', () => {
  it('counts nesting: a scalar is 0, an empty array or object 1', () => {
    expect([jsonDepth(1), jsonDepth('s'), jsonDepth(null), jsonDepth([]), jsonDepth({}), jsonDepth({ a: [1, { b: {} }] })]).toEqual([0, 0, 0, 1, 1, 4]);
  });

  it('stops counting just past the limit, however deep the value goes', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`);
    expect(jsonDepth(deep)).toBe(MAX_JSON_DEPTH + 1);
    expect(jsonDepth(deep, 5)).toBe(6);
  });
});
