/**
 * /contact (docs/product.md §2.8): heading, intro, Business Inquiries and Global Presence, and the form.
 * Texts in the `pages` catalogue (docs/decisions/041).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import '../styles/forms.css';
import '../styles/marketing.css';
import { ContactForm } from './contact/ContactForm.tsx';
import { isSubject } from './contact/validation.ts';

function InfoBlock({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="card info-block">
      <div className="icon-bubble">{icon}</div>
      <div>
        <h3 style={{ marginBottom: 2 }}>{title}</h3>
        {children}
      </div>
    </div>
  );
}

const BriefcaseIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
    <rect x="3" y="7" width="18" height="13" rx="2" /><path d="M8 7V5a2 2 0 012-2h4a2 2 0 012 2v2M3 13h18" />
  </svg>
);

const GlobeIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
    <circle cx="12" cy="12" r="9" /><path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
  </svg>
);

export default function Contact() {
  const { t } = useTranslation('pages', { keyPrefix: 'contact' });
  // ?subject= preselects the subject (Enterprise's Contact Sales sends partnership; decision 009).
  const requested = new URLSearchParams(useSearch()).get('subject');
  return (
    <div className="container">
      <header className="page-header">
        <div className="eyebrow">{t('eyebrow')}</div>
        <h1>{t('heading')}</h1>
        <p>{t('intro')}</p>
      </header>
      <div className="contact-grid">
        <div className="stack" style={{ gap: 20 }}>
          <InfoBlock icon={<BriefcaseIcon />} title={t('business.title')}>
            <ul>
              <li>{t('business.enterprise')}</li>
              <li>{t('business.support')}</li>
              <li>{t('business.partnerships')}</li>
              <li>{t('business.custom')}</li>
            </ul>
          </InfoBlock>
          <InfoBlock icon={<GlobeIcon />} title={t('presence.title')}>
            <ul>
              <li>{t('presence.seoul')}</li>
              <li>{t('presence.worldwide')}</li>
            </ul>
          </InfoBlock>
        </div>
        <ContactForm key={requested ?? ''} initialSubject={isSubject(requested) ? requested : undefined} />
      </div>
    </div>
  );
}
