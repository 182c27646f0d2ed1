/**
 * Trusted-by (docs/product.md §1): a CBDC project using ZK proofs for transaction confidentiality and three
 * partner organisations, named generically: we show no real company names or logos.
 */
import { BankIcon, CertificateIcon, LockIcon, SharesIcon } from './icons.tsx';

const PARTNERS = [
  { icon: <CertificateIcon />, name: 'Digital certificate provider', detail: 'Post-quantum signatures for certificate issuance' },
  { icon: <SharesIcon />, name: 'MPC provider', detail: 'Multi-party computation wallets with hybrid signing' },
  { icon: <LockIcon />, name: 'Quantum-resistant TLS access control', detail: 'ML-KEM key exchange in front of protected services' },
];

export function TrustedBy() {
  return (
    <section className="section" id="trusted-by">
      <div className="container">
        <div className="section-title">
          <div className="eyebrow">Trusted by</div>
          <h2>Built with partners who move real value</h2>
        </div>
        <div className="case-card">
          <div className="case-mark">
            <BankIcon />
          </div>
          <div>
            <span className="badge" style={{ background: 'rgba(255,255,255,0.12)', color: '#e0e7ff', marginBottom: 10 }}>
              Central bank digital currency project
            </span>
            <h3>Confidential CBDC transactions with zero-knowledge proofs</h3>
            <p>
              A CBDC pilot uses zero-knowledge proofs so the ledger can check that every transfer is covered while the amounts
              stay hidden.{' '}
              zk-FIDNA does this with commitments that reveal nothing even to a quantum adversary.
            </p>
          </div>
        </div>
        <div className="grid grid-3">
          {PARTNERS.map((p) => (
            <div key={p.name} className="card partner">
              <div className="icon-bubble">{p.icon}</div>
              <div>
                <div className="card-title">{p.name}</div>
                <p>{p.detail}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
