/**
 * The contact form (docs/product.md §2.8, §4): idle -> sending (button disabled) -> idle. It posts only to our
 * own POST /api/contact (docs/product.md §10). Success resets the form and toasts; failure toasts and keeps
 * what was typed. Texts in the `pages` catalogue (docs/decisions/041).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, invalidProps } from '../../components/ui/Field.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { apiRequest } from '../../lib/api.ts';
import { failureText } from './failureText.ts';
import { DEFAULT_SUBJECT, SUBJECTS, validateContact, type ContactErrors, type ContactValues, type Subject } from './validation.ts';
import { ActionButton } from '../../components/ui/ActionButton.tsx';

export function ContactForm({ initialSubject }: { initialSubject?: Subject }) {
  const { t } = useTranslation('pages', { keyPrefix: 'contact' });
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
      // Without SMTP the server only stores the message; the toast must not claim an e-mail (decision 009).
      toast({ title: t('toasts.sent'), description: res?.mailed ? t('toasts.mailed') : t('toasts.stored'), variant: 'success' });
    } catch (error) {
      toast({ title: t('toasts.failed'), description: failureText(error), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-label={t('form.label')}>
      <h2 style={{ fontSize: '1.35rem' }}>{t('form.heading')}</h2>
      <p className="muted">{t('form.intro')}</p>
      <div className="form-grid">
        <Field id="contact-name" label={t('form.name')} error={errors.name}>
          <input id="contact-name" className="input" autoComplete="name" placeholder={t('form.namePlaceholder')} value={values.name}
            onChange={set('name')} {...invalidProps('contact-name', errors.name)} />
        </Field>
        <Field id="contact-email" label={t('form.email')} error={errors.email}>
          <input id="contact-email" className="input" type="email" autoComplete="email" placeholder="you@company.com" value={values.email}
            onChange={set('email')} {...invalidProps('contact-email', errors.email)} />
        </Field>
        <Field id="contact-subject" label={t('form.subject')} className="span-2">
          <Select id="contact-subject" label={t('form.subject')} value={values.subject} options={SUBJECTS.map((s) => ({ value: s.value, label: t(`form.subjects.${s.value}`) }))}
            onValueChange={(subject) => setValues((v) => ({ ...v, subject: subject as Subject }))} />
        </Field>
        <Field id="contact-message" label={t('form.message')} error={errors.message} className="span-2">
          <textarea id="contact-message" className="textarea" rows={6} placeholder={t('form.messagePlaceholder')} value={values.message}
            onChange={set('message')} {...invalidProps('contact-message', errors.message)} />
        </Field>
        <div className="form-actions span-2">
          <span className="muted">{t('form.replyTime')}</span>
          <ActionButton type="submit" className="btn btn-primary" inactive={sending}>
            {sending ? t('form.sending') : t('form.send')}
          </ActionButton>
        </div>
      </div>
    </form>
  );
}
