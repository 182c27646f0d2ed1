/** A benchmark operation's steps by name: sign (or prove, for zk-FIDNA) then verify, in the page's language (docs/decisions/041). */
import { i18n } from '../../i18n/index.ts';

/** The first step of an operation: a signature scheme signs, zk-FIDNA proves. */
export type FirstStep = 'sign' | 'prove';

export const stepName = (step: FirstStep | 'verify') => i18n.t(`demo:benchmark.steps.${step}`);
