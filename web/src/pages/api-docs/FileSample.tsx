/**
 * A sample that is one of the repository's samples/ programs (samples/files.ts): a line saying so
 * and which variables it reads, the shell lines that set them and run it, then its files.
 */
import { Trans, useTranslation } from 'react-i18next';
import { CodeBlock } from './CodeBlock.tsx';
import type { Language, SampleConfig } from './samples/config.ts';
import { fileSample } from './samples/files.ts';

export function FileSample({ lang, config }: { lang: Language; config: SampleConfig }) {
  const { t } = useTranslation('apiDocs');
  const { files, shell } = fileSample(lang, config);
  return (
    <div className="stack" style={{ gap: 12 }}>
      <p style={{ margin: 0 }}>
        <Trans t={t} i18nKey="panel.fromFiles" values={{ path: `samples/${files[0]!.path}` }} components={{ code: <code /> }} />
      </p>
      <CodeBlock title={t('panel.shell')} code={shell} />
      {files.map((file) => (
        <CodeBlock key={file.path} title={file.name} code={file.text} />
      ))}
    </div>
  );
}
