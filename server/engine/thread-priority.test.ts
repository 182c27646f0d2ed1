import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lowerThreadPriority } from './thread-priority.ts';

/** The calling thread's niceness as the kernel reports it (field 19 of its stat line). */
const ownNiceness = () => Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ')[16]);

describe('lowerThreadPriority', () => {
  it('refuses steps outside 0 to 19, naming the parameter, before touching the thread', () => {
    expect(() => lowerThreadPriority(20)).toThrow('steps must be an integer from 0 to 19, got 20');
    expect(() => lowerThreadPriority(-1)).toThrow(RangeError);
    expect(() => lowerThreadPriority(1.5)).toThrow(RangeError);
  });

  it.runIf(process.platform === 'linux')('with 0 steps reports the calling thread\'s niceness and changes nothing', () => {
    const own = ownNiceness();
    expect(lowerThreadPriority(0)).toBe(own);
    expect(ownNiceness()).toBe(own);
  });
});
