/**
 * The managed-key endpoints (sign by message type, verify, sign-batch) and their sample, below
 * the algorithm tabs: they work on any of the account's signing keys, whatever its algorithm.
 */
import { Trans, useTranslation } from 'react-i18next';
import { Tabs } from '../../components/ui/Tabs.tsx';
import type { ServedPaths } from '../../hooks/useServedPaths.ts';
import { CodeBlock } from './CodeBlock.tsx';
import { EndpointList } from './EndpointList.tsx';
import { KEY_ENDPOINTS } from './key-endpoints.ts';
import { LANGUAGES, type SampleConfig } from './samples/config.ts';
import { keySample } from './samples/key-samples.ts';

export function KeysSection({ served, config }: { served: ServedPaths; config: SampleConfig }) {
  const { t } = useTranslation('apiDocs');
  return (
    <section id="managed-keys" className="stack" style={{ gap: 20, marginTop: 36 }}>
      <h2>{t('keys.heading')}</h2>
      <p>
        <Trans t={t} i18nKey="keys.intro" components={{ code: <code /> }} />
      </p>
      <EndpointList endpoints={KEY_ENDPOINTS} served={served} />
      <div className="card lang-tabs">
        <h3>{t('panel.samples')}</h3>
        <Tabs
          label={t('panel.language')}
          tabs={LANGUAGES.map((l) => ({ value: l.value, label: l.label, content: <CodeBlock title={l.file} code={keySample(l.value, config)} /> }))}
        />
      </div>
    </section>
  );
}
