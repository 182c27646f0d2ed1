/**
 * What a new password must be (docs/decisions/037): at least 8 characters (the contract says so)
 * and not easy to guess, as zxcvbn estimates it with its English and common-password dictionaries
 * and the account's own email and name: a score of 3 or more (about 10^8 guesses). A refusal says
 * why, in zxcvbn's words. The estimator is built on first use (its dictionaries take ~0.1 s to load).
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { AppError } from '../errors.ts';

export const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/** Why the password is too easy to guess, or null when it is strong enough. */
export function passwordWeakness(password: string, userInputs: readonly string[] = []): string | null {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...english.dictionary }, graphs: common.adjacencyGraphs, translations: english.translations });
  // The account's own words: an email's local part and domain, names.
  const words = userInputs.flatMap((input) => input.toLowerCase().split(/[@.\s]+/)).filter((w) => w.length > 2);
  const result = estimator.check(password, words);
  if (result.score >= MIN_SCORE) return null;
  const why = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  return `is too easy to guess${why ? `: ${why}` : ''} Try a few unrelated words.`;
}

/** Throws 400 validation_error naming `param` when the password is too easy to guess. */
export function checkPasswordStrength(password: string, userInputs: readonly string[], param: string): void {
  const weakness = passwordWeakness(password, userInputs);
  if (weakness) throw new AppError(400, 'validation_error', `${param} ${weakness}`, param);
}
