/**
 * Trusted-by (docs/product.md §1): a CBDC project using ZK proofs for transaction confidentiality and three
 * partner organisations, named generically: we show no real company names or logos. Texts in the `home`
 * catalogue (docs/decisions/041).
 */
import { useTranslation } from 'react-i18next';
import { BankIcon, CertificateIcon, LockIcon, SharesIcon } from './icons.tsx';

const PARTNERS = [
  { key: 'certificates', icon: <CertificateIcon /> },
  { key: 'mpc', icon: <SharesIcon /> },
  { key: 'tls', icon: <LockIcon /> },
] as const;

export function TrustedBy() {
  const { t } = useTranslation('home', { keyPrefix: 'trustedBy' });
  return (
    <section className="section" id="trusted-by">
      <div className="container">
        <div className="section-title">
          <div className="eyebrow">{t('eyebrow')}</div>
          <h2>{t('heading')}</h2>
        </div>
        <div className="case-card">
          <div className="case-mark">
            <BankIcon />
          </div>
          <div>
            <span className="badge" style={{ background: 'rgba(255,255,255,0.12)', color: '#e0e7ff', marginBottom: 10 }}>
              {t('caseBadge')}
            </span>
            <h3>{t('caseTitle')}</h3>
            <p>{t('caseText')}</p>
          </div>
        </div>
        <div className="grid grid-3">
          {PARTNERS.map((p) => (
            <div key={p.key} className="card partner">
              <div className="icon-bubble">{p.icon}</div>
              <div>
                <div className="card-title">{t(`partners.${p.key}.name`)}</div>
                <p>{t(`partners.${p.key}.detail`)}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
