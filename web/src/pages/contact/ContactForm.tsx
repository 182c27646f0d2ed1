/**
 * The contact form (docs/product.md §2.8, §4): idle -> sending (button disabled) -> idle. It posts only to our
 * own POST /api/contact (docs/product.md §10). Success resets the form and toasts; failure toasts and keeps
 * what was typed.
 */
import { useState, type FormEvent } from 'react';
import { Field, invalidProps } from '../../components/ui/Field.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { DEFAULT_SUBJECT, SUBJECTS, validateContact, type ContactErrors, type ContactValues, type Subject } from './validation.ts';
import { ActionButton } from '../../components/ui/ActionButton.tsx';

const SUCCESS_TITLE = 'Message sent successfully!';
const SUCCESS_MAILED = "Your message has been sent via email and saved to our database. We'll get back to you within 24 hours.";
// Without SMTP the server only stores the message; the toast must not claim an e-mail (decision 009).
const SUCCESS_STORED = "Your message has been saved to our database. We'll get back to you within 24 hours.";

const FAILURE_TITLE = 'Failed to send message';

/**
 * Why a message was not sent, and what to do: the server's own sentence for a refusal (too many
 * messages, a field), else try again later. This form is the only way to reach us the page offers
 * (docs/product.md §2.8), so the toast points to no other.
 */
function failureText(error: unknown): string {
  const reason = error instanceof ApiError && error.status < 500 && error.serverMessage ? error.serverMessage : 'The server could not take your message just now: please try again later.';
  return `${reason} What you typed is still in the form.`;
}

export function ContactForm({ initialSubject }: { initialSubject?: Subject }) {
  const empty = (): ContactValues => ({ name: '', email: '', subject: initialSubject ?? DEFAULT_SUBJECT, message: '' });
  const [values, setValues] = useState<ContactValues>(empty);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const set = (field: keyof ContactValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const res = await apiRequest<{ mailed: boolean }>('POST', '/api/contact', {
        name: values.name.trim(),
        email: values.email,
        subject: values.subject,
        message: values.message.trim(),
      });
      setValues(empty());
      toast({ title: SUCCESS_TITLE, description: res?.mailed ? SUCCESS_MAILED : SUCCESS_STORED, variant: 'success' });
    } catch (error) {
      toast({ title: FAILURE_TITLE, description: failureText(error), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-label="Contact form">
      <h2 style={{ fontSize: '1.35rem' }}>Send us a message</h2>
      <p className="muted">Tell us what you are building; the more detail, the better our first answer.</p>
      <div className="form-grid">
        <Field id="contact-name" label="Name" error={errors.name}>
          <input id="contact-name" className="input" autoComplete="name" placeholder="Your name" value={values.name}
            onChange={set('name')} {...invalidProps('contact-name', errors.name)} />
        </Field>
        <Field id="contact-email" label="Email" error={errors.email}>
          <input id="contact-email" className="input" type="email" autoComplete="email" placeholder="you@company.com" value={values.email}
            onChange={set('email')} {...invalidProps('contact-email', errors.email)} />
        </Field>
        <Field id="contact-subject" label="Subject" className="span-2">
          <Select id="contact-subject" label="Subject" value={values.subject} options={[...SUBJECTS]}
            onValueChange={(subject) => setValues((v) => ({ ...v, subject: subject as Subject }))} />
        </Field>
        <Field id="contact-message" label="Message" error={errors.message} className="span-2">
          <textarea id="contact-message" className="textarea" rows={6} placeholder="How can we help?" value={values.message}
            onChange={set('message')} {...invalidProps('contact-message', errors.message)} />
        </Field>
        <div className="form-actions span-2">
          <span className="muted">We reply within 24 hours.</span>
          <ActionButton type="submit" className="btn btn-primary" inactive={sending}>
            {sending ? 'Sending...' : 'Send Message'}
          </ActionButton>
        </div>
      </div>
    </form>
  );
}
