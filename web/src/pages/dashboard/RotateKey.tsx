/**
 * Rotate a key's secret (docs/decisions/036), asked in place: keep the old secret working 24 hours
 * while callers move to the new one, or revoke it at once (a leaked key). Focus goes to the safe
 * choice (Cancel) when the question opens and back to the button when it closes.
 */
import { useEffect, useRef } from 'react';

export function RotateKey({ asking, setAsking, busy, onRotate }: {
  asking: boolean;
  setAsking: (asking: boolean) => void;
  busy: boolean;
  onRotate: (revokeOldSecret: boolean) => void;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) cancel.current?.focus();
    else if (wasAsking.current) trigger.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button ref={trigger} type="button" className="btn btn-secondary btn-sm" aria-disabled={busy || undefined} onClick={() => !busy && setAsking(true)}>
        {busy ? 'Rotating...' : 'Rotate secret'}
      </button>
    );
  }
  const choose = (revoke: boolean) => {
    setAsking(false);
    onRotate(revoke);
  };
  return (
    <div className="confirm" role="group" aria-label="Confirm: Rotate secret">
      <span>A new secret, shown once. The old one:</span>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => choose(false)}>
        Keeps working 24 hours
      </button>
      <button type="button" className="btn btn-danger btn-sm" onClick={() => choose(true)}>
        Stops now (leaked)
      </button>
      <button ref={cancel} type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </div>
  );
}
