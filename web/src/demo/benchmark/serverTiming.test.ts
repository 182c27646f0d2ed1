import { describe, expect, it } from 'vitest';
import { engineMsOf, serverTimingDuration } from './serverTiming.ts';

describe('the engine time in a Server-Timing header', () => {
  it('parses engine;dur=0.412;desc="engine time"', () => {
    expect(engineMsOf('engine;dur=0.412;desc="engine time"')).toBe(0.412);
  });

  it('reads the engine metric among others, in any order, and ignores the others', () => {
    expect(engineMsOf('db;dur=53, engine;dur=12.500, cache;desc="hit"')).toBe(12.5);
    expect(engineMsOf('cache;dur=abc, engine;dur=7')).toBe(7);
    expect(engineMsOf('enginex;dur=3, xengine;dur=4')).toBeUndefined();
  });

  it('tolerates spaces, a quoted duration, the parameter name in capitals, and desc before dur', () => {
    expect(engineMsOf(' engine ; DUR = 1.250 ; desc="engine time" ')).toBe(1.25);
    expect(engineMsOf('engine;dur="0.5"')).toBe(0.5);
    expect(engineMsOf('engine;desc="engine time";dur=3')).toBe(3);
  });

  it('does not read commas, semicolons or dur inside a quoted desc as structure', () => {
    expect(engineMsOf('db;desc="a, engine;dur=9", engine;dur=2')).toBe(2);
    expect(engineMsOf('engine;desc="x;dur=5"')).toBeUndefined();
    expect(engineMsOf('engine;desc="say \\"dur=5\\", then";dur=1')).toBe(1);
  });

  it('takes the first dur of the first engine metric', () => {
    expect(engineMsOf('engine;dur=1;dur=2, engine;dur=3')).toBe(1);
  });

  it('returns undefined for a missing header, or an engine metric without a usable duration', () => {
    expect(engineMsOf(null)).toBeUndefined();
    expect(engineMsOf(undefined)).toBeUndefined();
    expect(engineMsOf('')).toBeUndefined();
    expect(engineMsOf('engine')).toBeUndefined();
    expect(engineMsOf('engine;desc="engine time"')).toBeUndefined();
    for (const dur of ['', 'abc', '-1', '1e3', '0x10', 'Infinity', 'NaN', '1.2.3', '"', '"1', ' ']) {
      expect(engineMsOf(`engine;dur=${dur}`), dur).toBeUndefined();
    }
    expect(engineMsOf('engine;dur')).toBeUndefined();
  });

  it('loses what follows an unterminated quote, as part of that quoted string', () => {
    expect(engineMsOf('db;desc="oops, engine;dur=1')).toBeUndefined();
  });

  it('reads any named metric', () => {
    expect(serverTimingDuration('engine;dur=1, total;dur=4.75', 'total')).toBe(4.75);
  });

  it('never throws on junk', () => {
    const junk = ['\\', '"', ';;;,,,', '=;=,=', 'engine;=', 'engine;dur==1', '\u0000engine;dur=1', 'engine;dur=1\\', '"engine;dur=1"'];
    // Random strings over the characters the parser treats specially, plus a few ordinary ones.
    const alphabet = 'engi;dur=,"\\ 0.1-e';
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 500; n++) junk.push(Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]).join(''));
    for (const header of junk) {
      const ms = engineMsOf(header);
      expect(ms === undefined || (Number.isFinite(ms) && ms >= 0), header).toBe(true);
    }
    expect(engineMsOf('engine;dur==1')).toBeUndefined();
  });
});
