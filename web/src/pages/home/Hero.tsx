/** Home hero: the pitch, Try Demo and Get Started, and a real request/response pair of the API. */
import { Link } from 'wouter';
import { ALGORITHMS } from '../../demo/algorithms.ts';
import { scrollRegion } from '../../components/ui/scrollRegion.ts';

export function Hero() {
  return (
    <section className="hero">
      <div className="container hero-grid">
        <div>
          <div className="eyebrow">Post-quantum cryptography API</div>
          <h1>
            Signatures and proofs that <span>outlast quantum computers</span>
          </h1>
          <p className="hero-lead">
            A modular toolkit for the web, blockchains and applications: lattice signatures standardised in NIST FIPS 204 and
            hybrids that stay compatible with ECDSA and Bitcoin Taproot — one REST API, one WebAssembly engine.
            {' '}Zero-knowledge balance proofs too, with amounts that stay hidden.
          </p>
          <div className="hero-actions">
            <Link href="/demo" className="btn btn-primary btn-lg">
              Try Demo
            </Link>
            <Link href="/login" className="btn btn-secondary btn-lg">
              Get Started
            </Link>
          </div>
          <div className="hero-facts">
            <div className="hero-fact">
              <strong>FIPS 204</strong>
              <span>ML-DSA-65, NIST level 3</span>
            </div>
            <div className="hero-fact">
              <strong>{ALGORITHMS.length} algorithms live</strong>
              <span>signatures, hybrids, ZK proofs</span>
            </div>
            <div className="hero-fact">
              <strong>100 free calls</strong>
              <span>no card required</span>
            </div>
          </div>
        </div>
        <div className="terminal">
          <div className="terminal-bar">
            <i /><i /><i />
            <span>POST /api/crypto/dilion/sign</span>
          </div>
          <pre {...scrollRegion('Example API call')}>
            <span className="t-dim">{'$ '}</span>curl -X POST $API/api/crypto/dilion/sign \{'\n'}
            {'    '}-H <span className="t-str">"x-api-key: pk_…"</span> -H <span className="t-str">"x-api-secret: sk_…"</span> \{'\n'}
            {'    '}-d <span className="t-str">{`'{"message":"authentication request","sid":"service-A"}'`}</span>
            {'\n\n'}
            <span className="t-ok">200 OK</span>
            {'\n{\n'}
            {'  '}<span className="t-key">"algorithm"</span>: <span className="t-str">"dilion"</span>,{'\n'}
            {'  '}<span className="t-key">"parameterSet"</span>: <span className="t-str">"ML-DSA-65"</span>,{'\n'}
            {'  '}<span className="t-key">"signature"</span>: {'{ '}<span className="t-key">"encoded"</span>: <span className="t-str">"x1Vq…"</span>
            <span className="t-dim">{' /* 3,309 B */'}</span>
            {' },\n'}
            {'  '}<span className="t-key">"publicKey"</span>: <span className="t-str">"mQ8r…"</span>
            <span className="t-dim">{' /* 1,952 B */'}</span>,{'\n'}
            {'  '}<span className="t-key">"context"</span>: <span className="t-str">"dilion/v1|service-A"</span>
            {'\n}'}
          </pre>
        </div>
      </div>
    </section>
  );
}
