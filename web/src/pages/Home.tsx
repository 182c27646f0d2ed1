/** Home (docs/product.md §2.3): hero, algorithms, integration diagram, trusted-by, pricing, closing call to action. */
import { Link } from 'wouter';
import '../styles/marketing.css';
import { AlgorithmCards } from './home/AlgorithmCards.tsx';
import { Hero } from './home/Hero.tsx';
import { IntegrationDiagram } from './home/IntegrationDiagram.tsx';
import { Pricing } from './home/Pricing.tsx';
import { TrustedBy } from './home/TrustedBy.tsx';

function ClosingCta() {
  return (
    <section className="section">
      <div className="container">
        <div className="cta-band">
          <h2>Make your signatures quantum-safe today</h2>
          <p>Create an account, get an API key and 100 free calls, and sign your first message in minutes.</p>
          <div className="row" style={{ justifyContent: 'center' }}>
            <Link href="/login" className="btn btn-light btn-lg">
              Start Your Free Trial
            </Link>
            <Link href="/api-docs" className="btn btn-outline-light btn-lg">
              Read the API docs
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
