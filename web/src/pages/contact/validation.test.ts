import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContactRequest } from '../../../../server/contract/contact.ts';
import { setLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { failureText } from './failureText.ts';
import { SUBJECTS, isSubject, validateContact, type ContactValues } from './validation.ts';

/** Which fields the server's schema rejects, with its messages for the ones the form shares. */
function serverErrors(v: ContactValues): Record<string, string> {
  const result = ContactRequest.safeParse(v);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', '   ', ' Ada ', '\t\n'), fc.string({ minLength: 195, maxLength: 210 }));
const email = fc.oneof(fc.emailAddress(), fc.string({ maxLength: 30 }), fc.constantFrom('a@b', 'a@b.c', 'a@b.co', ' a@b.co', 'a.@b.co', 'x'.repeat(250) + '@b.co'));
const values = fc.record({
  name: text,
  email,
  subject: fc.constantFrom(...SUBJECTS.map((s) => s.value)),
  message: fc.oneof(text, fc.string({ minLength: 9_995, maxLength: 10_005 })),
});

describe('contact form checks', () => {
  it('reject exactly the fields the server rejects', () => {
    fc.assert(
      fc.property(values, (v) => {
        expect(Object.keys(validateContact(v)).sort()).toEqual(Object.keys(serverErrors(v)).sort());
      }),
      { numRuns: 400 },
    );
  });

  it('use the server’s messages for missing fields and a bad email', () => {
    const v = { name: ' ', email: 'nope', subject: 'general' as const, message: '' };
    const server = serverErrors(v);
    const client = validateContact(v);
    expect(client).toEqual({ name: 'Name is required', email: 'Invalid email address', message: 'Message is required' });
    expect(server).toMatchObject(client);
  });

  it('accept only the four subjects for preselection', () => {
    expect(['technical', 'partnership', 'integration', 'general'].every(isSubject)).toBe(true);
    expect(isSubject('sales')).toBe(false);
    expect(isSubject(null)).toBe(false);
  });
});

describe('contact form texts in Korean (docs/decisions/041)', () => {
  const blank = { name: ' ', email: 'nope', subject: 'general' as const, message: '' };

  it('say what is wrong in Korean, with the limits in figures, and back in English after', async () => {
    await setLanguage('ko');
    try {
      expect(validateContact(blank)).toEqual({ name: '이름을 입력하세요', email: '올바른 이메일 주소가 아닙니다', message: '메시지를 입력하세요' });
      expect(validateContact({ ...blank, name: 'x'.repeat(201), email: 'a@b.co', message: 'y'.repeat(10_001) })).toEqual({
        name: '이름은 200자 이하여야 합니다',
        message: '메시지는 10,000자 이하여야 합니다',
      });
    } finally {
      await setLanguage('en');
    }
    expect(validateContact(blank).name).toBe('Name is required');
  });

  it('wrap the server’s own English sentence, else ask to try again later, keeping what was typed', async () => {
    expect(failureText(new ApiError(503, 'down'))).toBe('The server could not take your message just now: please try again later. What you typed is still in the form.');
    await setLanguage('ko');
    try {
      expect(failureText(new ApiError(429, 'Too many requests: wait 42 seconds before trying again.'))).toBe('Too many requests: wait 42 seconds before trying again. 입력한 내용은 양식에 그대로 남아 있습니다.');
      expect(failureText(new TypeError('offline'))).toBe('지금은 서버가 메시지를 받을 수 없습니다. 잠시 후 다시 시도하세요. 입력한 내용은 양식에 그대로 남아 있습니다.');
    } finally {
      await setLanguage('en');
    }
  });
});
