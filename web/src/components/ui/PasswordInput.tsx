/**
 * A password input with a Show/Hide toggle. Visibility is controlled by the caller so that several
 * inputs (password and confirmation) can share one toggle.
 */
import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

export function PasswordInput({ visible, onToggleVisible, showToggle = true, ...input }: {
  visible: boolean;
  onToggleVisible: () => void;
  /** False on the second of two inputs that share the first one's toggle. */
  showToggle?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { t } = useTranslation();
  return (
    <div className="password-wrap">
      <input {...input} type={visible ? 'text' : 'password'} className="input" />
      {showToggle && (
        <button type="button" className="password-toggle" onClick={onToggleVisible} aria-pressed={visible} aria-label={visible ? t('password.hideLabel') : t('password.showLabel')}>
          {visible ? t('password.hide') : t('password.show')}
        </button>
      )}
    </div>
  );
}
