/** /demo: Crypto Operations and Performance Benchmark (docs/product.md §2.4, §2.5). The benchmark and its charts load on first visit. */
import { lazy, Suspense } from 'react';
import { CryptoOperations } from '../demo/CryptoOperations.tsx';
import { KeepTabs } from '../demo/KeepTabs.tsx';
import '../demo/demo.css';

const Benchmark = lazy(() => import('../demo/benchmark/Benchmark.tsx'));

export default function Demo() {
  return (
    // .section's padding shorthand would cancel .container's side padding on one element: nest them.
    <div className="section demo-page">
      <div className="container">
        <div className="demo-head">
          <span className="badge badge-accent">Interactive demo</span>
          <h1>Post-quantum cryptography, live</h1>
          <p className="muted">
            Sign and verify with Dilion and QES2, and prove with zk-FIDNA, on our server or right here in your browser, and measure both. No account needed.
          </p>
        </div>
        <KeepTabs
          label="Demo"
          defaultValue="operations"
          listClassName="demo-top-tabs"
          tabs={[
            { value: 'operations', label: 'Crypto Operations', content: <CryptoOperations /> },
            {
              value: 'benchmark',
              label: 'Performance Benchmark',
              content: (
                <Suspense fallback={<div className="spinner" aria-label="Loading" />}>
                  <Benchmark />
                </Suspense>
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}
