/**
 * What a person reads when an account request fails (docs/product.md §8): the API's sentence as it
 * comes, English in every language, inside a sentence of the page's language saying what failed
 * (docs/decisions/041); the password policy's refusal of a new password says so; with no sentence
 * from the server, ours, and a network failure its own "try again".
 */
import { i18n } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';

export type AccountRequest = 'signIn' | 'signUp' | 'twoFactor' | 'resetRequest' | 'resetComplete';

/** Requests that choose a new password, which the server's password policy may refuse (400 validation_error on `password`). */
const CHOOSES_PASSWORD: readonly AccountRequest[] = ['signUp', 'resetComplete'];

export function refusal(error: unknown, request: AccountRequest): string {
  if (!(error instanceof ApiError)) return i18n.t(`account:refused.${request}.network`);
  const reason = error.serverMessage;
  if (!reason) return i18n.t(`account:refused.${request}.server`);
  if (CHOOSES_PASSWORD.includes(request) && error.code === 'validation_error' && error.param === 'password') return i18n.t('account:refused.password', { reason });
  return i18n.t(`account:refused.${request}.reason`, { reason });
}
