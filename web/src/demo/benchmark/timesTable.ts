/** The benchmark chart's figures as table rows: what each line plots, and why a point is missing. */
import { i18n } from '../../i18n/index.ts';
import { formatMs } from '../format.ts';
import type { Sample } from './stats.ts';
import { stepName, type FirstStep } from './stepName.ts';

export function timesTable(samples: readonly Sample[], firstStep: FirstStep): { columns: string[]; rows: string[][] } {
  const failed = i18n.t('demo:benchmark.failed');
  return {
    columns: [
      i18n.t('demo:benchmark.charts.operation'),
      i18n.t('demo:benchmark.charts.stepMs', { step: stepName(firstStep) }),
      i18n.t('demo:benchmark.charts.stepMs', { step: stepName('verify') }),
    ],
    // A failed operation is a gap in both lines: the table says so rather than leaving cells blank.
    rows: samples.map((s) => [String(s.index), ...(s.ok ? [formatMs(s.signMs), formatMs(s.verifyMs)] : [failed, failed])]),
  };
}
