/**
 * Toasts on Radix: one visible at a time (a new one replaces the current), 5 s each, F8 focuses the
 * viewport. `toast({ title, description, variant })` works from anywhere, like the original app's hook (docs/product.md §9: one at a time, 5 s).
 */
import * as RadixToast from '@radix-ui/react-toast';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}

interface ToastItem extends ToastInput {
  id: number;
}

let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast, replacing the one on screen. */
export function toast(input: ToastInput): void {
  current = { ...input, id: nextId++ };
  emit();
}

function dismiss(id: number): void {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function Toaster({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const item = useSyncExternalStore(subscribe, () => current, () => null);
  return (
    <RadixToast.Provider duration={5000} swipeDirection="right">
      {children}
      {item && (
        <RadixToast.Root
          key={item.id}
          className="toast"
          data-variant={item.variant ?? 'default'}
          onOpenChange={(open) => !open && dismiss(item.id)}
          data-testid="toast"
        >
          <RadixToast.Title className="toast-title">{item.title}</RadixToast.Title>
          {item.description && <RadixToast.Description className="toast-description">{item.description}</RadixToast.Description>}
          <RadixToast.Close className="toast-close" aria-label={t('close')}>
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      <RadixToast.Viewport className="toast-viewport" hotkey={['F8']} label={t('notifications')} />
    </RadixToast.Provider>
  );
}
