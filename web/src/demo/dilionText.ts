/**
 * Which message M a Dilion signature is over, as the demo says it: read from the sign response's
 * pidCipher, because a bound UID changes M (docs/decisions/013), not from what was typed. M itself
 * is notation and stays as it is in every language (docs/decisions/041).
 */
import { i18n } from '../i18n/index.ts';
import type { DilionSigned } from '../workers/dilion-local.ts';

export const M_WITHOUT_UID = '0x00 ‖ message';
export const M_WITH_UID = '0x01 ‖ serviceKeyId ‖ C1 ‖ u16be(|C2|) ‖ C2 ‖ message';

export const uidBound = (pidCipher: DilionSigned['pidCipher'] | undefined) => pidCipher !== undefined && pidCipher !== 'N/A';

/** M of one signature, for its output row. */
export const signedMessageOf = (pidCipher: DilionSigned['pidCipher']) => (uidBound(pidCipher) ? M_WITH_UID : M_WITHOUT_UID);

/** The help under the buttons: both forms before signing, then the one the last signature used. */
export function dilionHelp(signed: Pick<DilionSigned, 'pidCipher'> | null): string {
  if (!signed) return i18n.t('demo:dilion.help.before', { withUid: M_WITH_UID, withoutUid: M_WITHOUT_UID });
  return uidBound(signed.pidCipher) ? i18n.t('demo:dilion.help.bound', { m: M_WITH_UID }) : i18n.t('demo:dilion.help.unbound', { m: M_WITHOUT_UID });
}
