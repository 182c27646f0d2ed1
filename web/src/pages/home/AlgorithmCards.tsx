/**
 * The four algorithm cards, described as docs/product.md §1 and docs/crypto/ build them. Whether each is live comes from
 * the server's OpenAPI document, so a card never claims an endpoint the server does not serve. Texts in the `home`
 * catalogue (docs/decisions/041).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlgorithmId } from '../../demo/algorithms.ts';
import { useServedPaths } from '../../hooks/useServedPaths.ts';
import { HybridIcon, KeyIcon, LatticeIcon, ProofIcon } from './icons.tsx';

interface Algorithm {
  /** The demo's id. */
  id: AlgorithmId;
  name: string;
  /** Its texts in the `home` catalogue, under algorithms.cards (docs/decisions/041). */
  texts: 'dilion' | 'qes2Ecdsa' | 'qes2Schnorr' | 'zkFidna';
  icon: ReactNode;
  /** The endpoint whose presence means the algorithm is served. */
  probe: string;
}

export const ALGORITHMS: Algorithm[] = [
  { id: 'dilion', name: 'Dilion', texts: 'dilion', icon: <LatticeIcon />, probe: '/api/crypto/dilion/sign' },
  { id: 'qes2-ecdsa', name: 'QES2_ECDSA', texts: 'qes2Ecdsa', icon: <HybridIcon />, probe: '/api/crypto/qes2/ecdsa/sign' },
  { id: 'qes2-schnorr', name: 'QES2_Schnorr', texts: 'qes2Schnorr', icon: <KeyIcon />, probe: '/api/crypto/qes2/schnorr/sign' },
  { id: 'zk-fidna', name: 'zk-FIDNA', texts: 'zkFidna', icon: <ProofIcon />, probe: '/api/crypto/zk-fidna/prove' },
];

export function AlgorithmCards() {
  const { t } = useTranslation('home', { keyPrefix: 'algorithms' });
  const served = useServedPaths();
  return (
    <section className="section" id="algorithms">
      <div className="container">
        <div className="section-title">
          <div className="eyebrow">{t('eyebrow')}</div>
          <h2>{t('heading')}</h2>
          <p>{t('intro')}</p>
        </div>
        <div className="grid grid-4">
          {ALGORITHMS.map((a) => {
            const live = served.has('post', a.probe);
            return (
              <article key={a.name} className="card feature-card" data-testid={`algorithm-${a.name}`}>
                <div className="feature-head">
                  <div className="icon-bubble">{a.icon}</div>
                  {live === true && <span className="badge badge-success">{t('live')}</span>}
                  {live === false && <span className="badge">{t('comingSoon')}</span>}
                </div>
                <h3>{a.name}</h3>
                <p>{t(`cards.${a.texts}.summary`)}</p>
                <div className="feature-meta">{t(`cards.${a.texts}.meta`)}</div>
              </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}
