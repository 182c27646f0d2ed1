import { describe, expect, it } from 'vitest';
import { CommitSums } from './commit-sums.ts';

describe('CommitSums', () => {
  it('writes each counter once with the total of what was added to it, in the order counters first appeared', () => {
    const sums = new CommitSums();
    const written: string[] = [];
    sums.add('b', 1, (total) => written.push(`b first ${total}`));
    sums.add('a', 5, (total) => written.push(`a ${total}`));
    sums.add('b', 2, (total) => written.push(`b second ${total}`));
    sums.writeAll();
    expect(written).toEqual(['b first 3', 'a 5']);
  });
});
