import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContactRequest } from '../../../../server/contract/contact.ts';
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
