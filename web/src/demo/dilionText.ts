/**
 * Which message M a Dilion signature is over, as the demo says it: read from the sign response's
 * pidCipher, because a bound UID changes M (docs/decisions/013), not from what was typed.
 */
import type { DilionSigned } from '../workers/dilion-local.ts';

export const M_WITHOUT_UID = '0x00 ‖ message';
export const M_WITH_UID = '0x01 ‖ serviceKeyId ‖ C1 ‖ u16be(|C2|) ‖ C2 ‖ message';

export const uidBound = (pidCipher: DilionSigned['pidCipher'] | undefined) => pidCipher !== undefined && pidCipher !== 'N/A';

/** M of one signature, for its output row. */
export const signedMessageOf = (pidCipher: DilionSigned['pidCipher']) => (uidBound(pidCipher) ? M_WITH_UID : M_WITHOUT_UID);

/** The help under the buttons: both forms before signing, then the one the last signature used. */
export function dilionHelp(signed: Pick<DilionSigned, 'pidCipher'> | null): string {
  const tail = 'with the context “dilion/v1|” + SID. Change the message after signing to see verification fail.';
  if (!signed) return `FIPS 204 ML-DSA-65 over M = ${M_WITH_UID} when a UID is bound (server only), or M = ${M_WITHOUT_UID} without one, ${tail}`;
  return uidBound(signed.pidCipher)
    ? `This signature is FIPS 204 ML-DSA-65 over M = ${M_WITH_UID} (the UID is bound: pidCipher present), ${tail}`
    : `This signature is FIPS 204 ML-DSA-65 over M = ${M_WITHOUT_UID} (no UID bound: pidCipher N/A), ${tail}`;
}
