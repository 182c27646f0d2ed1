/**
 * A button that, while it cannot act (busy, or waiting for something first), says so with
 * aria-disabled and ignores presses but stays focusable. A natively disabled button drops keyboard
 * focus to the start of the page the moment it is disabled, so a keyboard user who pressed
 * "Generate" would have to Tab from the top again (docs/decisions/027-accessibility.md).
 */
import type { ButtonHTMLAttributes, MouseEvent } from 'react';

export function ActionButton({ inactive = false, onClick, type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { inactive?: boolean }) {
  return (
    <button
      {...rest}
      type={type}
      aria-disabled={inactive || undefined}
      onClick={(e: MouseEvent<HTMLButtonElement>) => {
        // An inactive submit button must not submit its form either.
        if (inactive) e.preventDefault();
        else onClick?.(e);
      }}
    />
  );
}
