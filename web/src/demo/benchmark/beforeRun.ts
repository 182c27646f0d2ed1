/**
 * What the stat cards show before a run: only figures that are true without measuring here. The
 * exact sizes come from the constructions (FIPS 204 for ML-DSA-65, plus 64 bytes of secp256k1 for
 * QES2; zk-FIDNA's version-1 proof encoding, docs/crypto/zk-fidna.md §10); times only from the
 * server's stored operations. No min or max is guessed from an average.
 */
import { ZK_FIDNA_PROOF_SIZES } from '../../../../engine/src/zkfidna_encoding.ts';
import { SCHEME_IDS, SCHEMES, type PerScheme, type SchemeId } from '../../../../shared/schemes.ts';
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { formatBytes, formatMs } from '../format.ts';

export interface StoredAverages {
  averageGenerationTime: number;
  averageVerificationTime: number;
  operations: number;
}

/** The exact size of what each algorithm's benchmark operation hands out, what it is, and what travels beside it. */
export interface ExactSize {
  bytes: number;
  /** Read when shown, so it is in the page's language of the moment (docs/decisions/041). */
  readonly what: string;
  readonly beside: string;
}

const ML_DSA_65_SIGNATURE = SCHEMES.dilion.sizes.signature;

export const EXACT_SIZES = Object.fromEntries(
  SCHEME_IDS.map((id): [SchemeId, ExactSize] => {
    const scheme = SCHEMES[id];
    if ('sizes' in scheme) {
      const { signature, publicKey } = scheme.sizes;
      return [id, {
        bytes: signature,
        get what() { return i18n.t('demo:benchmark.beforeRun.signatureSize'); },
        get beside() { return i18n.t('demo:benchmark.beforeRun.publicKey', { size: formatBytes(publicKey) }); },
      }];
    }
    // The benchmark proves balance_proof with an empty context; the attestation is a separate field.
    return [id, {
      bytes: ZK_FIDNA_PROOF_SIZES.balance_proof,
      get what() { return i18n.t('demo:benchmark.beforeRun.proofSize'); },
      get beside() { return i18n.t('demo:benchmark.beforeRun.attestation', { size: formatBytes(ML_DSA_65_SIGNATURE) }); },
    }];
  }),
) as PerScheme<ExactSize>;

export const opsPerSecond = (x: number | null) =>
  x == null ? '—' : x >= 100 ? formatNumber(Math.round(x)) : formatNumber(x, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The seven cards' values, in the order of the cards' labels. */
export function beforeRunFigures(algorithm: SchemeId, stored: StoredAverages | undefined): string[] {
  const exact = EXACT_SIZES[algorithm];
  // The server reports 0 for a kind of operation it has not stored yet: that is "no figure", not 0 ms.
  const sign = stored && stored.operations > 0 && stored.averageGenerationTime > 0 ? stored.averageGenerationTime : null;
  const verify = stored && stored.operations > 0 && stored.averageVerificationTime > 0 ? stored.averageVerificationTime : null;
  const average = sign !== null && verify !== null ? sign + verify : null;
  return [formatBytes(exact.bytes), formatMs(sign), formatMs(verify), formatMs(average), opsPerSecond(average ? 1000 / average : null), '—', '—'];
}

/** The sentence under the cards before a run, saying where each figure comes from. */
export function beforeRunNote(algorithm: SchemeId, label: string, stored: StoredAverages | undefined): string {
  const { what, beside } = EXACT_SIZES[algorithm];
  const values = { label, what, beside };
  return stored && stored.operations > 0
    ? i18n.t('demo:benchmark.beforeRun.stored', { ...values, count: stored.operations, operations: formatNumber(stored.operations) })
    : i18n.t('demo:benchmark.beforeRun.none', values);
}
