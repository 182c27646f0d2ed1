/** A dark code block with its file name and a Copy button (Copied for 2 s, see CopyButton). */
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/ui/CopyButton.tsx';
import { scrollRegion } from '../../components/ui/scrollRegion.ts';

export function CodeBlock({ code, title }: { code: string; title: string }) {
  const { t } = useTranslation('apiDocs');
  return (
    <div className="code-block">
      <div className="code-block-bar">
        <span>{title}</span>
        <CopyButton text={code} what={title} />
      </div>
      <pre {...scrollRegion(t('codeBlock.region', { title }))}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
