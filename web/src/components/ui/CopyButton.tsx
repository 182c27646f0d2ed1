/**
 * A Copy button that reads "Copied" for 2 seconds after copying. `what` names the thing copied for
 * screen readers ("Copy API key"; in Korean the thing comes first, so it is one text with both,
 * docs/decisions/041), where several Copy buttons share a page.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function CopyButton({ text, label, what, onCopied }: { text: string; label?: string; what?: string; onCopied?: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const shown = copied ? t('copy.copied') : (label ?? t('copy.copy'));
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      aria-label={what ? t('copy.named', { action: shown, what }) : undefined}
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setCopied(true);
        onCopied?.();
      }}
    >
      {shown}
    </button>
  );
}
