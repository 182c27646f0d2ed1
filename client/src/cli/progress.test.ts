import { describe, expect, it } from 'vitest';
import { createProgress } from './progress.ts';

const recorder = (isTTY: boolean) => {
  const writes: string[] = [];
  return { stream: { isTTY, columns: 40, write: (text: string) => writes.push(text) }, writes };
};

describe('the progress of pq sign --each, on stderr', () => {
  it('redraws one line with a bar on a terminal, cut to its width, and clears it at the end', () => {
    const { stream, writes } = recorder(true);
    const progress = createProgress(stream, 4);
    progress.detail(1, 'hashing a-very-long-file-name-that-does-not-fit.pdf');
    progress.update(2, 'signing');
    progress.clear();
    expect(writes[0]).toBe('\r\x1b[K[1/4] [######------------------] hashin');
    expect(writes[1]).toBe('\r\x1b[K[2/4] [############------------] signin');
    expect(writes[2]).toBe('\r\x1b[K');
  });

  it('prints plain lines for steps only, elsewhere (a pipe, a CI log)', () => {
    const { stream, writes } = recorder(false);
    const progress = createProgress(stream, 120);
    progress.detail(1, 'hashing a.pdf');
    progress.update(100, 'signed 100 of 120');
    progress.clear();
    expect(writes).toEqual(['[100/120] signed 100 of 120\n']);
  });
});
