/** A key or secret, masked until Show is pressed, with Copy and the copy toast of docs/product.md §2.10. */
import { useState } from 'react';
import { CopyButton } from '../../components/ui/CopyButton.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { mask } from './format.ts';

export function SecretField({ label, value, kind }: { label: string; value: string; kind: 'key' | 'secret' }) {
  const [shown, setShown] = useState(false);
  const what = kind === 'key' ? 'API key' : 'API secret';
  return (
    <div className="secret-field">
      <span className="secret-label">{label}</span>
      <code className="secret-value" data-testid={`${kind}-value`} data-shown={shown}>
        {shown ? value : mask(value)}
      </code>
      <span className="secret-actions">
        <button type="button" className="btn btn-ghost btn-sm" aria-pressed={shown} aria-label={`${shown ? 'Hide' : 'Show'} ${what}`} onClick={() => setShown(!shown)}>
          {shown ? 'Hide' : 'Show'}
        </button>
        <CopyButton text={value} what={what} onCopied={() => toast({ title: 'Copied!', description: `${what} copied to clipboard` })} />
      </span>
    </div>
  );
}

/** The secret's place when there is none to show, and why. */
export function SecretUnavailable({ reason }: { reason: string }) {
  return (
    <div className="secret-field">
      <span className="secret-label">API Secret</span>
      <span className="secret-value muted" data-testid="secret-unavailable">
        Not available
      </span>
      <span className="secret-reason muted">{reason}</span>
    </div>
  );
}
