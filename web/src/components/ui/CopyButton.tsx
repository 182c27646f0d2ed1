/**
 * A Copy button that reads "Copied" for 2 seconds after copying. `what` names the thing copied for
 * screen readers ("Copy API key"), where several Copy buttons share a page.
 */
import { useEffect, useState } from 'react';

export function CopyButton({ text, label = 'Copy', what, onCopied }: { text: string; label?: string; what?: string; onCopied?: () => void }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const shown = copied ? 'Copied' : label;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      aria-label={what ? `${shown} ${what}` : undefined}
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
