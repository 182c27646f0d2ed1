import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { chartRows, usageTable } from './chartRows.ts';

describe('chartRows', () => {
  it('gives every day of the current month up to today a row, zero when quiet', () => {
    const { rows, algorithms } = chartRows(
      { month: '2026-11', total: 3, days: [{ date: '2026-11-02', algorithm: 'dilion', calls: 2 }, { date: '2026-11-02', algorithm: 'qes2-ecdsa', calls: 1 }] },
      new Date('2026-11-04T10:00:00Z'),
    );
    expect(algorithms).toEqual(['dilion', 'qes2-ecdsa']);
    expect(rows).toEqual([
      { day: 1, dilion: 0, 'qes2-ecdsa': 0 },
      { day: 2, dilion: 2, 'qes2-ecdsa': 1 },
      { day: 3, dilion: 0, 'qes2-ecdsa': 0 },
      { day: 4, dilion: 0, 'qes2-ecdsa': 0 },
    ]);
  });

  it('covers a whole past month, February included', () => {
    const { rows } = chartRows({ month: '2028-02', total: 1, days: [{ date: '2028-02-29', algorithm: 'dilion', calls: 1 }] }, new Date('2028-05-01T00:00:00Z'));
    expect(rows).toHaveLength(29);
    expect(rows[28]).toEqual({ day: 29, dilion: 1 });
  });
});

describe('usageTable', () => {
  it('has a row per plotted day, dated, with the calls of each algorithm in the chart order', () => {
    const { rows, algorithms } = chartRows(
      { month: '2026-11', total: 3, days: [{ date: '2026-11-02', algorithm: 'dilion', calls: 2 }, { date: '2026-11-02', algorithm: 'qes2-ecdsa', calls: 1 }] },
      new Date('2026-11-02T10:00:00Z'),
    );
    expect(usageTable('2026-11', rows, algorithms)).toEqual({
      columns: ['Day (UTC)', 'dilion', 'qes2-ecdsa'],
      rows: [
        ['2026-11-01', 0, 0],
        ['2026-11-02', 2, 1],
      ],
    });
  });
});

describe('usageTable in Korean (docs/decisions/041)', () => {
  beforeAll(() => setLanguage('ko'));
  afterAll(() => setLanguage('en'));

  it('names the day column in Korean', () => {
    expect(usageTable('2026-11', [{ day: 1, dilion: 0 }], ['dilion']).columns).toEqual(['날짜 (UTC)', 'dilion']);
  });
});
