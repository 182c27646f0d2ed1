import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { statusName } from './statusName.ts';

describe('statusName', () => {
  it('writes the server’s states as they are in English, and leaves an unknown one as it came', () => {
    expect(statusName('completed')).toBe('completed');
    expect(statusName('owed')).toBe('owed');
    expect(statusName('on_hold')).toBe('on_hold');
    expect(statusName('toString')).toBe('toString');
  });

  describe('in Korean (docs/decisions/041)', () => {
    beforeAll(() => setLanguage('ko'));
    afterAll(() => setLanguage('en'));

    it('translates the known states', () => {
      expect(statusName('owed')).toBe('미납');
      expect(statusName('refunded')).toBe('환불됨');
      expect(statusName('on_hold')).toBe('on_hold');
    });
  });
});
