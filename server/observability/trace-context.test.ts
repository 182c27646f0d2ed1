import { describe, expect, it } from 'vitest';
import { formatTraceparent, MAX_TRACESTATE_CHARS, newSpanId, newTraceId, parseTraceparent, parseTracestate } from './trace-context.ts';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

describe('traceparent, read as W3C Trace Context says', () => {
  it('accepts version 00 with lower-case hex ids, keeping the flags', () => {
    expect(parseTraceparent(`00-${TRACE}-${PARENT}-01`)).toEqual({ traceId: TRACE, parentId: PARENT, flags: 1 });
    expect(parseTraceparent(`00-${TRACE}-${PARENT}-00`)).toEqual({ traceId: TRACE, parentId: PARENT, flags: 0 });
  });

  it('ignores all-zero ids, upper case, wrong lengths, version ff and misplaced dashes', () => {
    const invalid = [
      `00-${'0'.repeat(32)}-${PARENT}-01`,
      `00-${TRACE}-${'0'.repeat(16)}-01`,
      `00-${TRACE.toUpperCase()}-${PARENT}-01`,
      `00-${TRACE}-${PARENT.toUpperCase()}-01`,
      `00-${TRACE}-${PARENT}-0A`,
      `0A-${TRACE}-${PARENT}-01`,
      `00-${TRACE.slice(1)}-${PARENT}-01`,
      `00-${TRACE}0-${PARENT}-01`,
      `00-${TRACE}-${PARENT.slice(1)}-01`,
      `00-${TRACE}-${PARENT}-1`,
      `00-${TRACE}-${PARENT}-01-extra`,
      `00-${TRACE}-${PARENT}-010`,
      `ff-${TRACE}-${PARENT}-01`,
      `00_${TRACE}_${PARENT}_01`,
      `00-${TRACE}-${PARENT}-0g`,
      `00-${TRACE}-${PARENT}-01, 00-${TRACE}-${PARENT}-01`,
      '',
      'garbage',
    ];
    for (const header of invalid) expect(parseTraceparent(header), header).toBeUndefined();
    expect(parseTraceparent(undefined)).toBeUndefined();
    expect(parseTraceparent([`00-${TRACE}-${PARENT}-01`, `00-${TRACE}-${PARENT}-01`])).toBeUndefined();
  });

  it('reads a later version forward-compatibly: the same fields, then the end or a dash', () => {
    expect(parseTraceparent(`01-${TRACE}-${PARENT}-01`)).toEqual({ traceId: TRACE, parentId: PARENT, flags: 1 });
    expect(parseTraceparent(`cc-${TRACE}-${PARENT}-09-what-comes-later`)).toEqual({ traceId: TRACE, parentId: PARENT, flags: 9 });
    expect(parseTraceparent(`01-${TRACE}-${PARENT}-01later`)).toBeUndefined();
    expect(parseTraceparent(`01-${TRACE}-${PARENT}-0`)).toBeUndefined();
  });

  it('is written as version 00 with only the sampled flag', () => {
    expect(formatTraceparent(TRACE, PARENT, 1)).toBe(`00-${TRACE}-${PARENT}-01`);
    expect(formatTraceparent(TRACE, PARENT, 0)).toBe(`00-${TRACE}-${PARENT}-00`);
    expect(formatTraceparent(TRACE, PARENT, 9)).toBe(`00-${TRACE}-${PARENT}-01`);
    expect(parseTraceparent(formatTraceparent(newTraceId(), newSpanId(), 0))).toBeDefined();
  });

  it('draws new ids as lower-case hex of the right length, different each time', () => {
    const traces = new Set(Array.from({ length: 500 }, newTraceId));
    const spans = new Set(Array.from({ length: 500 }, newSpanId));
    expect(traces.size).toBe(500);
    expect(spans.size).toBe(500);
    for (const id of traces) expect(id).toMatch(/^[0-9a-f]{32}$/);
    for (const id of spans) expect(id).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('tracestate', () => {
  it('passes on a valid list, several headers joined, blank members dropped', () => {
    expect(parseTracestate('rojo=00f067aa0ba902b7, congo=t61rcWkgMzE')).toBe('rojo=00f067aa0ba902b7,congo=t61rcWkgMzE');
    expect(parseTracestate(['a=1', 'tenant@vendor=x y', ' ,b=2'])).toBe('a=1,tenant@vendor=x y,b=2');
  });

  it('drops the whole list when a member is malformed, a key repeats, or there are more than 32', () => {
    expect(parseTracestate('Upper=1')).toBeUndefined();
    expect(parseTracestate('a=1,a=2')).toBeUndefined();
    expect(parseTracestate('a=b=c')).toBeUndefined();
    expect(parseTracestate('a=')).toBeUndefined();
    expect(parseTracestate('a=has,b')).toBeUndefined();
    expect(parseTracestate(Array.from({ length: 33 }, (_, i) => `k${i}=v`).join(','))).toBeUndefined();
    expect(parseTracestate(',,')).toBeUndefined();
    expect(parseTracestate(`a=${'x'.repeat(64 * MAX_TRACESTATE_CHARS)}`)).toBeUndefined();
  });

  it('is bounded to 512 characters: long members go first, then the last ones', () => {
    const long = `big=${'x'.repeat(200)}`;
    const small = Array.from({ length: 30 }, (_, i) => `k${i}=${'v'.repeat(20)}`);
    const kept = parseTracestate([long, ...small].join(','))!;
    expect(kept.length).toBeLessThanOrEqual(MAX_TRACESTATE_CHARS);
    expect(kept).not.toContain('big=');
    expect(kept.startsWith('k0=')).toBe(true);
    expect(kept.split(',').length).toBeLessThan(30);
  });
});
