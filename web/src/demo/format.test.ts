import { describe, expect, it } from 'vitest';
import { base64Length, formatBytes, formatMs, previewList, shorten } from './format.ts';

describe('demo output formatting', () => {
  it('shows the first n elements of a list and how many are left', () => {
    expect(previewList([1, -1, 0, 0, 1, 1, 0], 5)).toBe('[1, -1, 0, 0, 1, … 2 more]');
    expect(previewList([1, 2, 3], 3)).toBe('[1, 2, 3]');
    expect(previewList(new Array(1280).fill(7), 3)).toBe('[7, 7, 7, … 1,277 more]');
    expect(previewList(undefined, 5)).toBe('N/A');
  });

  it('cuts long strings with an ellipsis and leaves short ones alone', () => {
    expect(shorten('abcdefghijklmnopqrstuvwxyz', 16)).toBe('abcdefghijklmnop…');
    expect(shorten('short', 16)).toBe('short');
    expect(shorten(undefined, 16)).toBe('N/A');
  });

  it('prints sub-millisecond times with two decimals and long ones in seconds', () => {
    expect(formatMs(0.4567)).toBe('0.46 ms');
    expect(formatMs(42.34)).toBe('42.3 ms');
    expect(formatMs(1234.5)).toBe('1,235 ms');
    expect(formatMs(12_500)).toBe('12.5 s');
    expect(formatMs(null)).toBe('—');
    expect(formatBytes(3309)).toBe('3,309 B');
  });

  it('counts the bytes of base64 text from its length and padding', () => {
    expect(base64Length(btoa('a'))).toBe(1);
    expect(base64Length(btoa('ab'))).toBe(2);
    expect(base64Length(btoa('abc'))).toBe(3);
    expect(base64Length('')).toBe(0);
  });
});
