/**
 * Home (docs/product.md §2.3): hero, algorithms, integration diagram, trusted-by, pricing, closing call to action,
 * in the `home` catalogue's language (docs/decisions/041).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { tierAllowance } from '../../../shared/plans.ts';
import { formatNumber } from '../i18n/format.ts';
import '../styles/marketing.css';
import { AlgorithmCards } from './home/AlgorithmCards.tsx';
import { Hero } from './home/Hero.tsx';
import { IntegrationDiagram } from './home/IntegrationDiagram.tsx';
import { Pricing } from './home/Pricing.tsx';
import { TrustedBy } from './home/TrustedBy.tsx';

function ClosingCta() {
  const { t } = useTranslation('home', { keyPrefix: 'closing' });
  return (
    <section className="section">
      <div className="container">
        <div className="cta-band">
          <h2>{t('heading')}</h2>
          <p>{t('text', { calls: formatNumber(tierAllowance('free') ?? 0) })}</p>
          <div className="row" style={{ justifyContent: 'center' }}>
            <Link href="/login" className="btn btn-light btn-lg">
              {t('start')}
            </Link>
            <Link href="/api-docs" className="btn btn-outline-light btn-lg">
              {t('docs')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

export default function Home() {
  return (
    <>
      <Hero />
      <AlgorithmCards />
      <IntegrationDiagram />
      <TrustedBy />
      <Pricing />
      <ClosingCta />
    </>
  );
}
