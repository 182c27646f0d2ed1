import { describe, expect, it } from 'vitest';
import { RegisterRequest } from '../../../../server/contract/auth.ts';
import { setLanguage } from '../../i18n/index.ts';
import { splitFullName, validateSignIn, validateSignUp } from './names.ts';

describe('splitting the full name at sign-up', () => {
  it('takes the first word as firstName and the rest as lastName', () => {
    expect(splitFullName('Ada King Lovelace')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
  });

  it("uses 'User' as lastName for a single word, and ignores extra spaces", () => {
    expect(splitFullName('  Ada  ')).toEqual({ firstName: 'Ada', lastName: 'User' });
    expect(splitFullName('Grace   Brewster  Hopper')).toEqual({ firstName: 'Grace', lastName: 'Brewster Hopper' });
  });

  it('always yields names the server accepts', () => {
    for (const name of ['Ada', 'Ada Lovelace', ' x  y  z ']) {
      const body = { email: 'ada@example.com', password: 'long enough', ...splitFullName(name) };
      expect(RegisterRequest.safeParse(body).success).toBe(true);
    }
  });
});

describe('client-side checks', () => {
  it('require email and password at sign-in, and an email-looking email', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateSignIn({ email: 'ada', password: 'x' })).toEqual({ email: 'Enter a valid email address' });
    expect(validateSignIn({ email: 'ada@example.com', password: 'x' })).toEqual({});
  });

  it('require all four sign-up fields and the server’s minimum password length', () => {
    expect(Object.keys(validateSignUp({ fullName: '', email: '', password: '', confirmPassword: '' }))).toEqual([
      'fullName',
      'email',
      'password',
      'confirmPassword',
    ]);
    expect(validateSignUp({ fullName: 'Ada', email: 'ada@example.com', password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    const tooShort = RegisterRequest.safeParse({ email: 'ada@example.com', password: 'short', firstName: 'A', lastName: 'B' });
    expect(tooShort.success).toBe(false);
  });
});

describe('the checks in Korean (docs/decisions/041)', () => {
  it('say what is missing or wrong in Korean, and in English again once switched back', async () => {
    await setLanguage('ko');
    try {
      expect(validateSignIn({ email: 'ada', password: '' })).toEqual({ email: '올바른 이메일 주소를 입력하세요', password: '비밀번호를 입력하세요' });
      expect(validateSignUp({ fullName: '', email: 'ada@example.com', password: 'short', confirmPassword: '' })).toEqual({
        fullName: '이름을 입력하세요',
        password: '비밀번호는 8자 이상이어야 합니다',
        confirmPassword: '비밀번호를 한 번 더 입력하세요',
      });
    } finally {
      await setLanguage('en');
    }
    expect(validateSignIn({ email: '', password: 'x' })).toEqual({ email: 'Email is required' });
  });
});
