/**
 * A button for a destructive action that asks once, in place, before acting. Focus follows the
 * question for keyboard users: to Cancel (the safe choice) when it opens, back to the button when it
 * closes. While the action runs the button stays focusable and says so (aria-disabled), so focus is
 * not dropped to the page's start.
 */
import { useEffect, useRef, useState } from 'react';

export function ConfirmButton({ label, question, confirmLabel, onConfirm, busy }: {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  useEffect(() => {
    if (asking) cancel.current?.focus();
    else if (answered.current) trigger.current?.focus();
    answered.current = false;
  }, [asking]);
  const close = () => {
    answered.current = true;
    setAsking(false);
  };

  if (!asking) {
    return (
      <button ref={trigger} type="button" className="btn btn-secondary btn-sm" aria-disabled={busy || undefined} onClick={() => !busy && setAsking(true)}>
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
          close();
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button ref={cancel} type="button" className="btn btn-ghost btn-sm" onClick={close}>
        Cancel
      </button>
    </div>
  );
}
