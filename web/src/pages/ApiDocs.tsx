/**
 * /api-docs (docs/product.md §2.7): four summary cards, the four algorithm tabs with their
 * endpoints and Python / Node.js / Rust / C++ / Go samples (with Copy buttons), and the
 * Authentication card. Endpoint status comes from the server's live OpenAPI document.
 */
import { useState } from 'react';
import { Tabs } from '../components/ui/Tabs.tsx';
import { useServedPaths, type ServedPaths } from '../hooks/useServedPaths.ts';
import { scrollBehavior } from '../lib/motion.ts';
import '../styles/docs.css';
import '../styles/marketing.css';
import { AuthCard } from './api-docs/AuthCard.tsx';
import { CodeBlock } from './api-docs/CodeBlock.tsx';
import { EndpointList } from './api-docs/EndpointList.tsx';
import { TABS, endpointsFor, type AlgorithmTab } from './api-docs/endpoints.ts';
import { LANGUAGES, PLACEHOLDER_KEYS, type SampleConfig } from './api-docs/samples/config.ts';
import { sampleFor } from './api-docs/samples/index.ts';

function liveCount(served: ServedPaths, tab: AlgorithmTab): { live: number; total: number; known: boolean } {
  const endpoints = endpointsFor(tab);
  const states = endpoints.map((e) => served.has(e.method, e.path));
  return { live: states.filter((s) => s === true).length, total: endpoints.length, known: states.every((s) => s !== undefined) };
}

function SummaryCards({ served, onPick }: { served: ServedPaths; onPick: (tab: AlgorithmTab) => void }) {
  return (
    <div className="grid grid-4">
      {TABS.map((t) => {
        const { live, total, known } = liveCount(served, t.value);
        return (
          <button key={t.value} type="button" className="card feature-card summary-card" onClick={() => onPick(t.value)}>
            <h3 style={{ margin: 0 }}>{t.name}</h3>
            <div className="row" style={{ gap: 10 }}>
              <span className="stat">{total} endpoints</span>
              {known && (live === total ? <span className="badge badge-success">Live</span> : <span className="badge">Coming soon</span>)}
            </div>
            <p>{t.blurb}</p>
          </button>
        );
      })}
    </div>
  );
}

function AlgorithmPanel({ tab, served, config }: { tab: AlgorithmTab; served: ServedPaths; config: SampleConfig }) {
  const { live, total, known } = liveCount(served, tab);
  return (
    <div className="stack" style={{ gap: 20 }}>
      {known && live < total && (
        <div className="spec-note">
          Coming soon: this server does not serve these endpoints yet. The request shapes below follow the specification and may still
          change; the Live badge appears as soon as they are deployed.
        </div>
      )}
      <EndpointList endpoints={endpointsFor(tab)} served={served} />
      <div className="card lang-tabs">
        <h3>Code samples</h3>
        <Tabs
          label="Language"
          tabs={LANGUAGES.map((l) => ({
            value: l.value,
            label: l.label,
            content: <CodeBlock title={l.file} code={sampleFor(tab, l.value, config)} />,
          }))}
        />
      </div>
    </div>
  );
}

export default function ApiDocs() {
  const served = useServedPaths();
  const [tab, setTab] = useState<AlgorithmTab>('dilion');
  const config: SampleConfig = { baseUrl: window.location.origin, ...PLACEHOLDER_KEYS };
  return (
    <div className="container" style={{ paddingBottom: 72 }}>
      <header className="page-header">
        <div className="eyebrow">API documentation</div>
        <h1>Post-quantum cryptography over REST</h1>
        <p>
          JSON in, JSON out, authenticated with an API key pair. Base URL <code>{config.baseUrl}</code>. The machine-readable contract
          is <a href="/api/openapi.json">OpenAPI 3.1</a>, browsable in the <a href="/api/docs">interactive reference</a>.
        </p>
      </header>
      <SummaryCards
        served={served}
        onPick={(t) => {
          setTab(t);
          document.getElementById('algorithm-tabs')?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
        }}
      />
      <section id="algorithm-tabs" className="algo-tabs" style={{ marginTop: 36, scrollMarginTop: 80 }}>
        <Tabs
          label="Algorithm"
          value={tab}
          onValueChange={(v) => setTab(v as AlgorithmTab)}
          tabs={TABS.map((t) => ({ value: t.value, label: t.label, content: <AlgorithmPanel tab={t.value} served={served} config={config} /> }))}
        />
      </section>
      <AuthCard baseUrl={config.baseUrl} />
    </div>
  );
}
