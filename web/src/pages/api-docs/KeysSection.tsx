/**
 * The managed-key endpoints (sign by message type, verify, sign-batch) and their samples, below
 * the algorithm tabs: they work on any of the account's signing keys, whatever its algorithm. The
 * samples are plain code blocks with file names of their own, so the page keeps one set of
 * language tabs and one region per name.
 */
import { Trans, useTranslation } from 'react-i18next';
import type { ServedPaths } from '../../hooks/useServedPaths.ts';
import { CodeBlock } from './CodeBlock.tsx';
import { EndpointList } from './EndpointList.tsx';
import { KEY_ENDPOINTS } from './key-endpoints.ts';
import type { SampleConfig } from './samples/config.ts';
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
      <div className="card stack" style={{ gap: 12 }}>
        <h3>{t('panel.samples')}</h3>
        <CodeBlock title="sign-by-digest.py" code={keySample('python', config)} />
        <CodeBlock title="sign-by-digest.mjs" code={keySample('node', config)} />
      </div>
    </section>
  );
}
