/**
 * The process flows' step names in the page's language (docs/decisions/041). The registry
 * (shared/schemes.ts) names the steps in English for the API and the engine; the page shows the
 * catalogue's names for the same steps, in the same order. A signer that reports other steps than
 * the registry's has them shown as it sent them.
 */
import { QES2_BY_MODE } from '../../../shared/schemes.ts';
import { i18n } from '../i18n/index.ts';
import type { Qes2Mode } from './operations.ts';

const QES2_STEP_KEYS = {
  ecdsa: ['buildM', 'mlDsa', 'ecdsa', 'concatenate'],
  schnorr: ['buildM', 'mlDsa', 'schnorr', 'concatenate'],
} as const satisfies Record<Qes2Mode, readonly string[]>;

const ZK_STEP_KEYS = ['commit', 'challenge', 'response', 'attest'] as const;

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A QES2 mode's four steps: the signer's own when it reported others, else the registry's, translated. */
export function qes2Steps(mode: Qes2Mode, reported?: readonly string[]): string[] {
  if (reported?.length === 4 && !same(reported, QES2_BY_MODE[mode].steps)) return [...reported];
  return QES2_STEP_KEYS[mode].map((key) => i18n.t(`demo:qes2.steps.${key}`));
}

/** zk-FIDNA's ω1…ω4. */
export const zkSteps = (): string[] => ZK_STEP_KEYS.map((key) => i18n.t(`demo:zk.steps.${key}`));
