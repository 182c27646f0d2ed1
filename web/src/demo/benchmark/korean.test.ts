/** The benchmark's texts in Korean after a language switch, and in English again after (docs/decisions/041). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { beforeRunNote, EXACT_SIZES } from './beforeRun.ts';
import { countError } from './run.ts';
import { errorCounts } from './stats.ts';
import { timesTable } from './timesTable.ts';

const failed = { index: 1, side: 'server' as const, ok: false, signMs: 0, verifyMs: 0, time: 0, size: null };

describe('the benchmark in English', () => {
  it('alerts the count’s bounds as docs/product.md §5 says', () => {
    expect(countError()).toBe('Operation count must be between 1 and 500');
  });
});

describe('the benchmark in Korean', () => {
  beforeAll(async () => {
    await setLanguage('ko');
  });
  afterAll(async () => {
    await setLanguage('en');
  });

  it('says where the figures before a run come from, with the exact sizes', () => {
    expect(EXACT_SIZES.dilion.beside).toBe('공개 키는 1,952 B');
    expect(beforeRunNote('dilion', 'Dilion', { averageGenerationTime: 2, averageVerificationTime: 1, operations: 1200 })).toContain(
      '저장된 서버 연산 1,200건에 대한 서버 엔진의 평균입니다. 크기는 Dilion의 정확한 서명 크기입니다(공개 키는 1,952 B).',
    );
    expect(beforeRunNote('zk-fidna', 'zk-FIDNA', undefined)).toContain('아직 저장된 서버 연산이 없어');
  });

  it('names the steps and failures in the chart’s table', () => {
    const table = timesTable([failed], 'prove');
    expect(table.columns).toEqual(['연산', '증명 (ms)', '검증 (ms)']);
    expect(table.rows).toEqual([['1', '실패', '실패']]);
  });

  it('alerts the count’s bounds and counts a failure with no reason as a network error', () => {
    expect(countError()).toBe('연산 횟수는 1에서 500 사이여야 합니다');
    expect(errorCounts([failed])).toEqual([{ message: '네트워크 오류', count: 1 }]);
  });
});
