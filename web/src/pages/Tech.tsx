/**
 * /tech (docs/product.md §2.6): the three specification cards with real figures,
 * composition and protocol flows, the privacy identifier's scope, and links to the standards
 * themselves (we have no papers of our own to link).
 */
import { Link } from 'wouter';
import '../styles/docs.css';
import '../styles/marketing.css';
import { PrivacyIdentifier } from './tech/PrivacyIdentifier.tsx';
import { Composition, ProtocolFlows } from './tech/ProtocolFlow.tsx';
import { SpecCards } from './tech/SpecCards.tsx';

const STANDARDS = [
  { href: 'https://csrc.nist.gov/pubs/fips/204/final', name: 'FIPS 204', what: 'ML-DSA, the lattice signature under Dilion and QES2' },
  { href: 'https://csrc.nist.gov/pubs/fips/203/final', name: 'FIPS 203', what: 'ML-KEM, the key encapsulation for privacy identifiers' },
  { href: 'https://www.rfc-editor.org/rfc/rfc9180', name: 'RFC 9180', what: 'HPKE, hybrid public-key encryption of the user id' },
  { href: 'https://github.com/bitcoin/bips/blob/master/bip-0340.mediawiki', name: 'BIP-340', what: 'Schnorr signatures for secp256k1 (Taproot)' },
  { href: 'https://www.rfc-editor.org/rfc/rfc6979', name: 'RFC 6979', what: 'Deterministic ECDSA nonces' },
  { href: 'https://datatracker.ietf.org/doc/draft-ietf-lamps-pq-composite-sigs/', name: 'draft-ietf-lamps-pq-composite-sigs', what: 'The composite construction QES2 follows' },
  { href: 'https://eprint.iacr.org/2017/1066', name: 'Bulletproofs (Bünz et al., 2018)', what: 'Short range proofs without trusted setup' },
  { href: 'https://www.rfc-editor.org/rfc/rfc9380', name: 'RFC 9380', what: 'Hashing to curves, for zk-FIDNA’s generators' },
];

export default function Tech() {
  return (
    <div className="container">
      <header className="page-header">
        <div className="eyebrow">Technology</div>
        <h1>How the cryptography works</h1>
        <p>Standard algorithms, composed carefully, with the real sizes and the limits stated plainly.</p>
      </header>

      <section className="doc-section" aria-labelledby="specs">
        <h2 id="specs">Specifications</h2>
        <p className="lead">Figures are for the parameter sets we ship: sizes from the standards and our encodings, times from our own measurements.</p>
        <SpecCards />
      </section>

      <section className="doc-section" aria-labelledby="composition">
        <h2 id="composition">Composition</h2>
        <p className="lead">What the engine is made of, and how each product algorithm is put together from it.</p>
        <Composition />
      </section>

      <section className="doc-section" aria-labelledby="flow">
        <h2 id="flow">Protocol flow</h2>
        <p className="lead">The steps each operation performs, in order. The API docs show the same flows as HTTP calls.</p>
        <ProtocolFlows />
      </section>

      <section className="doc-section" aria-labelledby="privacy">
        <h2 id="privacy">The Dilion privacy identifier</h2>
        <p className="lead">It escrows a user id for one service. Here is exactly what that does and does not hide.</p>
        <PrivacyIdentifier />
      </section>

      <section className="doc-section" aria-labelledby="standards">
        <h2 id="standards">Standards and papers</h2>
        <p className="lead">
          The primary sources. For request formats, see the <Link href="/api-docs">API docs</Link>.
        </p>
        <div className="link-list">
          {STANDARDS.map((s) => (
            <a key={s.name} className="link-card" href={s.href} target="_blank" rel="noreferrer">
              <b>{s.name} ↗</b>
              <span>{s.what}</span>
            </a>
          ))}
        </div>
      </section>
    </div>
  );
}
