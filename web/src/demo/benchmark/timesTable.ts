/** The benchmark chart's figures as table rows: what each line plots, and why a point is missing. */
import { formatMs } from '../format.ts';
import type { Sample } from './stats.ts';

export function timesTable(samples: readonly Sample[], firstStep: 'sign' | 'prove'): { columns: string[]; rows: string[][] } {
  return {
    columns: ['Operation', `${firstStep} (ms)`, 'verify (ms)'],
    // A failed operation is a gap in both lines: the table says so rather than leaving cells blank.
    rows: samples.map((s) => [String(s.index), ...(s.ok ? [formatMs(s.signMs), formatMs(s.verifyMs)] : ['failed', 'failed'])]),
  };
}
