/** The integration architecture (docs/product.md §1): PQC functions -> API provision -> blockchain connection, in HTML/CSS. */
import { Fragment } from 'react';
import { ArrowIcon } from './icons.tsx';

const STAGES = [
  {
    step: 'STEP 1',
    title: 'PQC functions',
    items: [
      ['Dilion', 'ML-DSA-65 signatures bound to a service'],
      ['QES2', 'hybrid ML-DSA-65 + ECDSA or Schnorr'],
      ['zk-FIDNA', 'confidential balance and range proofs'],
    ],
  },
  {
    step: 'STEP 2',
    title: 'API provision',
    items: [
      ['REST + JSON', 'OpenAPI 3.1 document and samples in five languages'],
      ['API keys', 'x-api-key and x-api-secret, metered per call'],
      ['Same engine everywhere', 'WebAssembly on the server or in the browser'],
    ],
  },
  {
    step: 'STEP 3',
    title: 'Blockchain connection',
    items: [
      ['Bitcoin Taproot', 'BIP-340 half of QES2_Schnorr'],
      ['secp256k1 / ECDSA chains', 'ECDSA half of QES2_ECDSA'],
      ['Confidential ledgers', 'zk-FIDNA proofs hide amounts, e.g. for a CBDC'],
    ],
  },
];

export function IntegrationDiagram() {
  return (
    <section className="section section-alt" id="integration">
      <div className="container">
        <div className="section-title">
          <div className="eyebrow">Integration architecture</div>
          <h2>From primitive to production chain</h2>
          <p>Pick the functions you need, call them over the API, and connect the results to the ledger you already run.</p>
        </div>
        <div className="flow" role="list" aria-label="Integration flow">
          {STAGES.map((stage, i) => (
            <Fragment key={stage.title}>
              {i > 0 && (
                <div className="flow-arrow" aria-hidden="true">
                  <ArrowIcon />
                </div>
              )}
              <div className="flow-stage" role="listitem">
                <span className="flow-step">{stage.step}</span>
                <h3>{stage.title}</h3>
                <ul>
                  {stage.items.map(([name, detail]) => (
                    <li key={name}>
                      <span className="chip-dot" />
                      <span>
                        <b>{name}</b>
                        <small>{detail}</small>
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            </Fragment>
          ))}
        </div>
      </div>
    </section>
  );
}
