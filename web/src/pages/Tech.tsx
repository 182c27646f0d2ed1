/**
 * /tech (docs/product.md §2.6): the three specification cards with real figures,
 * composition and protocol flows, the privacy identifier's scope, and links to the standards
 * themselves (we have no papers of our own to link). Texts in the `tech` catalogue (docs/decisions/041).
 */
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import '../styles/docs.css';
import '../styles/marketing.css';
import { PrivacyIdentifier } from './tech/PrivacyIdentifier.tsx';
import { Composition, ProtocolFlows } from './tech/ProtocolFlow.tsx';
import { SpecCards } from './tech/SpecCards.tsx';

/** The sources, by name (names and titles are not translated); what each one is comes from the catalogue. */
const STANDARDS = [
  { href: 'https://csrc.nist.gov/pubs/fips/204/final', name: 'FIPS 204', what: 'fips204' },
  { href: 'https://csrc.nist.gov/pubs/fips/203/final', name: 'FIPS 203', what: 'fips203' },
  { href: 'https://www.rfc-editor.org/rfc/rfc9180', name: 'RFC 9180', what: 'rfc9180' },
  { href: 'https://github.com/bitcoin/bips/blob/master/bip-0340.mediawiki', name: 'BIP-340', what: 'bip340' },
  { href: 'https://www.rfc-editor.org/rfc/rfc6979', name: 'RFC 6979', what: 'rfc6979' },
  { href: 'https://datatracker.ietf.org/doc/draft-ietf-lamps-pq-composite-sigs/', name: 'draft-ietf-lamps-pq-composite-sigs', what: 'composite' },
  { href: 'https://eprint.iacr.org/2017/1066', name: 'Bulletproofs (Bünz et al., 2018)', what: 'bulletproofs' },
  { href: 'https://www.rfc-editor.org/rfc/rfc9380', name: 'RFC 9380', what: 'rfc9380' },
] as const;

const SECTIONS = ['composition', 'flow', 'privacy'] as const;

export default function Tech() {
  const { t } = useTranslation('tech');
  const body = { composition: <Composition />, flow: <ProtocolFlows />, privacy: <PrivacyIdentifier /> };
  return (
    <div className="container">
      <header className="page-header">
        <div className="eyebrow">{t('title')}</div>
        <h1>{t('header.title')}</h1>
        <p>{t('header.lead')}</p>
      </header>

      <section className="doc-section" aria-labelledby="specs">
        <h2 id="specs">{t('sections.specs.title')}</h2>
        <p className="lead">{t('sections.specs.lead')}</p>
        <SpecCards />
      </section>

      {SECTIONS.map((id) => (
        <section key={id} className="doc-section" aria-labelledby={id}>
          <h2 id={id}>{t(`sections.${id}.title`)}</h2>
          <p className="lead">{t(`sections.${id}.lead`)}</p>
          {body[id]}
        </section>
      ))}

      <section className="doc-section" aria-labelledby="standards">
        <h2 id="standards">{t('sections.standards.title')}</h2>
        <p className="lead">
          <Trans t={t} i18nKey="sections.standards.lead" components={{ docs: <Link href="/api-docs" /> }} />
        </p>
        <div className="link-list">
          {STANDARDS.map((s) => (
            <a key={s.name} className="link-card" href={s.href} target="_blank" rel="noreferrer">
              <b>{s.name} ↗</b>
              <span>{t(`standards.${s.what}`)}</span>
            </a>
          ))}
        </div>
      </section>
    </div>
  );
}
