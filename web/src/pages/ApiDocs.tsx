/**
 * /api-docs (docs/product.md §2.7): a summary card and a tab per algorithm (the four schemes, and
 * ML-KEM-768 encryption, docs/decisions/054) with their endpoints and Python / Node.js / Rust /
 * C++ / Go samples (with Copy buttons; the Dilion tab's are the repository's samples/ programs),
 * and the Authentication card. Endpoint status comes from the
 * server's live OpenAPI document; every text on the page is ours, from the `apiDocs` catalogue
 * (docs/decisions/041).
 */
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Tabs } from '../components/ui/Tabs.tsx';
import { useServedPaths, type ServedPaths } from '../hooks/useServedPaths.ts';
import { scrollBehavior } from '../lib/motion.ts';
import '../styles/docs.css';
import '../styles/marketing.css';
import { AuthCard } from './api-docs/AuthCard.tsx';
import { CodeBlock } from './api-docs/CodeBlock.tsx';
import { EndpointList } from './api-docs/EndpointList.tsx';
import { FileSample } from './api-docs/FileSample.tsx';
import { KeysSection } from './api-docs/KeysSection.tsx';
import { ClientSection } from './api-docs/ClientSection.tsx';
import { endpointsFor, tabs, type AlgorithmTab } from './api-docs/endpoints.ts';
import { LANGUAGES, PLACEHOLDER_KEYS, type SampleConfig } from './api-docs/samples/config.ts';
import { FILE_SAMPLE_TAB, sampleFor } from './api-docs/samples/index.ts';

function liveCount(served: ServedPaths, tab: AlgorithmTab): { live: number; total: number; known: boolean } {
  const endpoints = endpointsFor(tab);
  const states = endpoints.map((e) => served.has(e.method, e.path));
  return { live: states.filter((s) => s === true).length, total: endpoints.length, known: states.every((s) => s !== undefined) };
}

function SummaryCards({ served, onPick }: { served: ServedPaths; onPick: (tab: AlgorithmTab) => void }) {
  const { t } = useTranslation('apiDocs');
  return (
    <div className="grid grid-4">
      {tabs().map((tab) => {
        const { live, total, known } = liveCount(served, tab.value);
        return (
          <button key={tab.value} type="button" className="card feature-card summary-card" onClick={() => onPick(tab.value)}>
            <h3 style={{ margin: 0 }}>{tab.name}</h3>
            <div className="row" style={{ gap: 10 }}>
              <span className="stat">{t('summary.endpoints', { count: total })}</span>
              {known && (live === total ? <span className="badge badge-success">{t('status.live')}</span> : <span className="badge">{t('status.comingSoon')}</span>)}
            </div>
            <p>{tab.blurb}</p>
          </button>
        );
      })}
    </div>
  );
}

function AlgorithmPanel({ tab, served, config }: { tab: AlgorithmTab; served: ServedPaths; config: SampleConfig }) {
  const { t } = useTranslation('apiDocs');
  const { live, total, known } = liveCount(served, tab);
  return (
    <div className="stack" style={{ gap: 20 }}>
      {known && live < total && (
        <div className="spec-note">{t('panel.comingSoon')}</div>
      )}
      <EndpointList endpoints={endpointsFor(tab)} served={served} />
      <div className="card lang-tabs">
        <h3>{t('panel.samples')}</h3>
        <Tabs
          label={t('panel.language')}
          tabs={LANGUAGES.map((l) => ({
            value: l.value,
            label: l.label,
            content:
              tab === FILE_SAMPLE_TAB ? <FileSample lang={l.value} config={config} /> : <CodeBlock title={l.file} code={sampleFor(tab, l.value, config)} />,
          }))}
        />
      </div>
    </div>
  );
}

export default function ApiDocs() {
  const { t } = useTranslation('apiDocs');
  const served = useServedPaths();
  const [tab, setTab] = useState<AlgorithmTab>('dilion');
  const config: SampleConfig = { baseUrl: window.location.origin, ...PLACEHOLDER_KEYS };
  return (
    <div className="container" style={{ paddingBottom: 72 }}>
      <header className="page-header">
        <div className="eyebrow">{t('title')}</div>
        <h1>{t('header.title')}</h1>
        <p>
          <Trans
            t={t}
            i18nKey="header.intro"
            values={{ baseUrl: config.baseUrl }}
            components={{ code: <code />, openapi: <a href="/api/v1/openapi.json" />, reference: <a href="/api/docs" /> }}
          />
        </p>
      </header>
      <SummaryCards
        served={served}
        onPick={(picked) => {
          setTab(picked);
          document.getElementById('algorithm-tabs')?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
        }}
      />
      <section id="algorithm-tabs" className="algo-tabs" style={{ marginTop: 36, scrollMarginTop: 80 }}>
        <Tabs
          label={t('tabs.label')}
          value={tab}
          onValueChange={(v) => setTab(v as AlgorithmTab)}
          tabs={tabs().map((each) => ({ value: each.value, label: each.label, content: <AlgorithmPanel tab={each.value} served={served} config={config} /> }))}
        />
      </section>
      <KeysSection served={served} config={config} />
      <ClientSection config={config} />
      <AuthCard baseUrl={config.baseUrl} />
    </div>
  );
}
