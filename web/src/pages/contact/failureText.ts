/**
 * Why a contact message was not sent, and what to do: the server's own sentence for a refusal (too
 * many messages, a field), else try again later; then that what was typed is still in the form. The
 * form is the only way to reach us the page offers (docs/product.md §2.8), so the text points to no
 * other. The server's sentence stays in English, as the API gives it (docs/decisions/041).
 */
import { i18n } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';

export function failureText(error: unknown): string {
  const reason = error instanceof ApiError && error.status < 500 && error.serverMessage ? error.serverMessage : i18n.t('pages:contact.toasts.tryLater');
  return i18n.t('pages:contact.toasts.kept', { reason });
}
