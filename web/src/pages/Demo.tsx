/** /demo: Crypto Operations and Performance Benchmark (docs/product.md §2.4, §2.5). The benchmark and its charts load on first visit. */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CryptoOperations } from '../demo/CryptoOperations.tsx';
import { KeepTabs } from '../demo/KeepTabs.tsx';
import '../demo/demo.css';

const Benchmark = lazy(() => import('../demo/benchmark/Benchmark.tsx'));

export default function Demo() {
  const { t } = useTranslation('demo');
  return (
    // .section's padding shorthand would cancel .container's side padding on one element: nest them.
    <div className="section demo-page">
      <div className="container">
        <div className="demo-head">
          <span className="badge badge-accent">{t('title')}</span>
          <h1>{t('page.heading')}</h1>
          <p className="muted">{t('page.lead')}</p>
        </div>
        <KeepTabs
          label={t('page.tabs')}
          defaultValue="operations"
          listClassName="demo-top-tabs"
          tabs={[
            { value: 'operations', label: t('page.operations'), content: <CryptoOperations /> },
            {
              value: 'benchmark',
              label: t('page.benchmark'),
              content: (
                <Suspense fallback={<div className="spinner" aria-label={t('page.loading')} />}>
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
