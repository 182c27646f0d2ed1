/**
 * The four algorithm cards, described as docs/product.md §1 and docs/crypto/ build them. Whether each is live comes from
 * the server's OpenAPI document, so a card never claims an endpoint the server does not serve.
 */
import type { ReactNode } from 'react';
import type { AlgorithmId } from '../../demo/algorithms.ts';
import { useServedPaths } from '../../hooks/useServedPaths.ts';
import { HybridIcon, KeyIcon, LatticeIcon, ProofIcon } from './icons.tsx';

interface Algorithm {
  /** The demo's id. */
  id: AlgorithmId;
  name: string;
  icon: ReactNode;
  summary: string;
  meta: string;
  /** The endpoint whose presence means the algorithm is served. */
  probe: string;
}

export const ALGORITHMS: Algorithm[] = [
  {
    id: 'dilion',
    name: 'Dilion',
    icon: <LatticeIcon />,
    summary:
      'Lattice signatures on ML-DSA-65 (FIPS 204), bound to the service they are for, and checkable with any FIPS 204 library. Given a user id, the signature also carries a privacy identifier: the id sealed with HPKE to the service’s ML-KEM-768 key, so only that service can read it.',
    meta: 'ML-DSA-65 · 3,309 B signature',
    probe: '/api/crypto/dilion/sign',
  },
  {
    id: 'qes2-ecdsa',
    name: 'QES2_ECDSA',
    icon: <HybridIcon />,
    summary:
      'A hybrid: ML-DSA-65 and ECDSA on secp256k1 sign the same message and both must verify, so it stays secure while either one holds. Fits systems that already check ECDSA.',
    meta: 'ML-DSA-65 + ECDSA · 3,373 B (+1.9 %)',
    probe: '/api/crypto/qes2/ecdsa/sign',
  },
  {
    id: 'qes2-schnorr',
    name: 'QES2_Schnorr',
    icon: <KeyIcon />,
    summary:
      'The same hybrid with a BIP-340 Schnorr half, the signature Bitcoin Taproot uses. Both halves are always verified: no Schnorr-only shortcut that a quantum attacker could forge.',
    meta: 'ML-DSA-65 + BIP-340 · 3,373 B',
    probe: '/api/crypto/qes2/schnorr/sign',
  },
  {
    id: 'zk-fidna',
    name: 'zk-FIDNA',
    icon: <ProofIcon />,
    summary:
      'Zero-knowledge balance and range proofs, to show a balance covers an amount without revealing either: Pedersen commitments and Bulletproofs on secp256k1, attested by an ML-DSA-65 signature, with no trusted setup. The demo proves in your browser, so the amounts never leave it.',
    meta: 'Bulletproofs · 826 B proof + 3,309 B signature',
    probe: '/api/crypto/zk-fidna/prove',
  },
];

export function AlgorithmCards() {
  const served = useServedPaths();
  return (
    <section className="section" id="algorithms">
      <div className="container">
        <div className="section-title">
          <div className="eyebrow">Algorithms</div>
          <h2>Four building blocks, one engine</h2>
          <p>Every live operation runs real, standards-based cryptography in our WebAssembly engine — on the server, or in your browser.</p>
        </div>
        <div className="grid grid-4">
          {ALGORITHMS.map((a) => {
            const live = served.has('post', a.probe);
            return (
              <article key={a.name} className="card feature-card" data-testid={`algorithm-${a.name}`}>
                <div className="feature-head">
                  <div className="icon-bubble">{a.icon}</div>
                  {live === true && <span className="badge badge-success">Live</span>}
                  {live === false && <span className="badge">Coming soon</span>}
                </div>
                <h3>{a.name}</h3>
                <p>{a.summary}</p>
                <div className="feature-meta">{a.meta}</div>
              </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}
