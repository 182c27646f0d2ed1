/**
 * What the stat cards show before a run: only figures that are true without measuring here. The
 * exact sizes come from the constructions (FIPS 204 for ML-DSA-65, plus 64 bytes of secp256k1 for
 * QES2); times only from the server's stored operations; nothing for zk-FIDNA, which is not built.
 * No min or max is guessed from an average.
 */
import { SCHEME_IDS, SCHEMES, type PerScheme, type Scheme, type SchemeId } from '../../../../shared/schemes.ts';
import { formatBytes, formatMs } from '../format.ts';

export interface StoredAverages {
  averageGenerationTime: number;
  averageVerificationTime: number;
  operations: number;
}

/** Exact byte sizes of what each algorithm hands out; null while it does not exist. */
export const EXACT_SIZES = Object.fromEntries(
  SCHEME_IDS.map((id) => {
    const scheme: Scheme = SCHEMES[id];
    return [id, 'sizes' in scheme ? scheme.sizes : null];
  }),
) as PerScheme<{ signature: number; publicKey: number } | null>;

export const opsPerSecond = (x: number | null) => (x == null ? '—' : x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));

/** The seven cards' values, in the order of the cards' labels. */
export function beforeRunFigures(algorithm: SchemeId, stored: StoredAverages | undefined): string[] {
  const exact = EXACT_SIZES[algorithm];
  if (!exact) return Array<string>(7).fill('—');
  // The server reports 0 for a kind of operation it has not stored yet: that is "no figure", not 0 ms.
  const sign = stored && stored.operations > 0 && stored.averageGenerationTime > 0 ? stored.averageGenerationTime : null;
  const verify = stored && stored.operations > 0 && stored.averageVerificationTime > 0 ? stored.averageVerificationTime : null;
  const average = sign !== null && verify !== null ? sign + verify : null;
  return [formatBytes(exact.signature), formatMs(sign), formatMs(verify), formatMs(average), opsPerSecond(average ? 1000 / average : null), '—', '—'];
}

/** The sentence under the cards before a run, saying where each figure comes from. */
export function beforeRunNote(algorithm: SchemeId, label: string, stored: StoredAverages | undefined): string {
  const exact = EXACT_SIZES[algorithm];
  if (!exact) return `${label} is in development: there is nothing to measure yet.`;
  const times =
    stored && stored.operations > 0
      ? `times are the server engine’s averages over ${stored.operations.toLocaleString('en-US')} stored operation${stored.operations === 1 ? '' : 's'}`
      : 'no stored server operations yet, so no times';
  return `Before a run: ${times}; the size is ${label}’s exact signature size (its public key is ${formatBytes(exact.publicKey)}). Min and max need a run. Start a benchmark to measure.`;
}
