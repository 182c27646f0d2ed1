import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { refusal } from './refusal.ts';

const WEAK = 'password is too easy to guess: This is a top-10 common password. Add more words that are less common. Try a few unrelated words.';

describe('what a refused account request says (docs/product.md §8, docs/decisions/041)', () => {
  afterEach(() => setLanguage('en'));

  it('is, in English, the server’s sentence as it comes, else our fallback, else the network text', () => {
    expect(refusal(new ApiError(401, 'The email or password is wrong.', 'invalid_credentials'), 'signIn')).toBe('The email or password is wrong.');
    expect(refusal(new ApiError(500, ''), 'signIn')).toBe('Login failed');
    expect(refusal(new TypeError('Failed to fetch'), 'signIn')).toBe('Login failed. Please try again.');
    expect(refusal(new ApiError(400, WEAK, 'validation_error', 'password'), 'signUp')).toBe(WEAK);
    expect(refusal(new TypeError('Failed to fetch'), 'resetComplete')).toBe('The password could not be set: try again.');
  });

  it('keeps the server’s English reason inside a Korean sentence', async () => {
    await setLanguage('ko');
    expect(refusal(new ApiError(401, 'The email or password is wrong.', 'invalid_credentials'), 'signIn')).toBe('로그인하지 못했습니다: The email or password is wrong.');
    expect(refusal(new TypeError('Failed to fetch'), 'signUp')).toBe('가입하지 못했습니다. 다시 시도해 주세요.');
    expect(refusal(new ApiError(500, ''), 'twoFactor')).toBe('코드가 승인되지 않았습니다');
  });

  it('says in Korean that a new password was refused, with the password policy’s reason unchanged', async () => {
    await setLanguage('ko');
    for (const request of ['signUp', 'resetComplete'] as const) {
      expect(refusal(new ApiError(400, WEAK, 'validation_error', 'password'), request)).toBe(`이 비밀번호는 사용할 수 없습니다. 서버의 설명(영문): ${WEAK}`);
    }
    // Signing in chooses no password: a refusal there is not the policy's.
    expect(refusal(new ApiError(400, 'password: Required', 'validation_error', 'password'), 'signIn')).toBe('로그인하지 못했습니다: password: Required');
  });
});
