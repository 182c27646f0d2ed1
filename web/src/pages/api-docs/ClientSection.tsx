/**
 * "Client and CLI": the repository's typed client and its pq command line (docs/client.md), each
 * with the lines that sign a message, below the managed keys. The shell block carries the reader's
 * base URL and key pair, as the Dilion tab's sample files do.
 */
import { Trans, useTranslation } from 'react-i18next';
import { CodeBlock } from './CodeBlock.tsx';
import { cliSnippet, clientSnippet } from './samples/client-snippets.ts';
import type { SampleConfig } from './samples/config.ts';

export function ClientSection({ config }: { config: SampleConfig }) {
  const { t } = useTranslation('apiDocs');
  return (
    <section id="client-and-cli" className="stack" style={{ gap: 20, marginTop: 36 }}>
      <h2>{t('client.heading')}</h2>
      <p>
        <Trans t={t} i18nKey="client.intro" components={{ code: <code /> }} />
      </p>
      <div className="card stack" style={{ gap: 12 }}>
        <h3>{t('client.library')}</h3>
        <p>
          <Trans t={t} i18nKey="client.libraryNote" components={{ code: <code /> }} />
        </p>
        <CodeBlock title="sign.ts" code={clientSnippet()} />
        <h3>{t('client.cli')}</h3>
        <p>
          <Trans t={t} i18nKey="client.cliNote" components={{ code: <code /> }} />
        </p>
        <CodeBlock title="shell" code={cliSnippet(config)} />
      </div>
    </section>
  );
}
