/**
 * A button for an action that asks first, in place: one question and its choices (one, for a plain
 * confirmation, or several), and Cancel. Focus follows the question for keyboard users: to Cancel
 * (the safe choice) when it opens, back to the button when it closes. While the action runs the
 * button stays focusable and says so (aria-disabled), so focus is not dropped to the page's start.
 * The question can be opened from elsewhere (`asking` and `onAskingChange`).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Choice {
  label: string;
  onChoose: () => void;
  /** danger (the default): red; primary: the recommended, safe answer. */
  tone?: 'danger' | 'primary';
}

export function ConfirmButton({ label, question, choices, busy, asking: controlled, onAskingChange }: {
  label: string;
  question: string;
  choices: Choice[];
  busy?: boolean;
  asking?: boolean;
  onAskingChange?: (asking: boolean) => void;
}) {
  const { t } = useTranslation('dashboard');
  const [own, setOwn] = useState(false);
  const asking = controlled ?? own;
  const setAsking = (value: boolean) => (onAskingChange ? onAskingChange(value) : setOwn(value));
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
        {busy ? t('confirm.busy', { label }) : label}
      </button>
    );
  }
  return (
    <div className="confirm" role="group" aria-label={t('confirm.group', { label })}>
      <span>{question}</span>
      {choices.map((choice) => (
        <button
          key={choice.label}
          type="button"
          className={`btn ${choice.tone === 'primary' ? 'btn-primary' : 'btn-danger'} btn-sm`}
          onClick={() => {
            setAsking(false);
            choice.onChoose();
          }}
        >
          {choice.label}
        </button>
      ))}
      <button ref={cancel} type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(false)}>
        {t('shared.cancel')}
      </button>
    </div>
  );
}
