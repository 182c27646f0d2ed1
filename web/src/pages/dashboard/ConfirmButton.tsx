/** A button for a destructive action that asks once, in place, before acting. */
import { useState } from 'react';

export function ConfirmButton({ label, question, confirmLabel, onConfirm, busy }: {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => setAsking(true)}>
        {busy ? `${label}...` : label}
      </button>
    );
  }
  return (
    <div className="confirm" role="group" aria-label={`Confirm: ${label}`}>
      <span>{question}</span>
      <button
        type="button"
        className="btn btn-danger btn-sm"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </div>
  );
}
