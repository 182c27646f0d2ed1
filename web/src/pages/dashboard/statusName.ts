/**
 * A payment's or charge's state as the dashboard writes it: the server's word (pending, completed,
 * refunded…) in the page's language (docs/decisions/041); a state this list lacks shows as it came.
 */
import { i18n } from '../../i18n/index.ts';
import en from '../../i18n/locales/en/dashboard.ts';

type Status = keyof typeof en.status;
const isKnown = (status: string): status is Status => Object.hasOwn(en.status, status);

export function statusName(status: string): string {
  return isKnown(status) ? i18n.t(`dashboard:status.${status}`) : status;
}
