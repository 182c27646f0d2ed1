import { describe, expect, it } from 'vitest';
import { checkPasswordStrength, passwordWeakness } from './password-policy.ts';

describe('the password policy (zxcvbn, score 3 or more)', () => {
  it('refuses common, repeated and keyboard-pattern passwords, saying why', () => {
    expect(passwordWeakness('password')).toMatch(/^is too easy to guess: This is a heavily used password\./);
    expect(passwordWeakness('12345678')).toMatch(/^is too easy to guess/);
    expect(passwordWeakness('        ')).toMatch(/Repeated characters/);
    expect(passwordWeakness('qwertyuiop')).toMatch(/^is too easy to guess/);
  });

  it('refuses a password built from the account’s own email or name', () => {
    expect(passwordWeakness('zephyrinequorbit')).toBeNull();
    expect(passwordWeakness('zephyrinequorbit', ['zephyrine.quorbit@example.com', 'Zephyrine', 'Quorbit'])).toMatch(/personal or page related data/);
  });

  it('accepts a few unrelated words', () => {
    for (const strong of ['correct horse battery', 'a brand new staple 42', 'violet kettle marathon']) expect(passwordWeakness(strong)).toBeNull();
  });

  it('throws 400 validation_error naming the field', () => {
    expect(() => checkPasswordStrength('password', [], 'newPassword')).toThrow(expect.objectContaining({ status: 400, code: 'validation_error', param: 'newPassword' }));
  });
});
