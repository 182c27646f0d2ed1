/**
 * What the stat cards show before a run: only figures that are true without measuring here. The
 * exact sizes come from the constructions (FIPS 204 for ML-DSA-65, plus 64 bytes of secp256k1 for
 * QES2; zk-FIDNA's version-1 proof encoding, docs/crypto/zk-fidna.md §10); times only from the
 * server's stored operations. No min or max is guessed from an average.
 */
import { ZK_FIDNA_PROOF_SIZES } from '../../../../engine/src/zkfidna_encoding.ts';
import { SCHEME_IDS, SCHEMES, type PerScheme, type SchemeId } from '../../../../shared/schemes.ts';
import { formatBytes, formatMs } from '../format.ts';

export interface StoredAverages {
  averageGenerationTime: number;
  averageVerificationTime: number;
  operations: number;
}

/** The exact size of what each algorithm's benchmark operation hands out, what it is, and what travels beside it. */
export interface ExactSize {
  bytes: number;
  what: string;
  beside: string;
}

const ML_DSA_65_SIGNATURE = SCHEMES.dilion.sizes.signature;

export const EXACT_SIZES = Object.fromEntries(
  SCHEME_IDS.map((id): [SchemeId, ExactSize] => {
    const scheme = SCHEMES[id];
    if ('sizes' in scheme) return [id, { bytes: scheme.sizes.signature, what: 'signature size', beside: `its public key is ${formatBytes(scheme.sizes.publicKey)}` }];
    // The benchmark proves balance_proof with an empty context; the attestation is a separate field.
    return [id, { bytes: ZK_FIDNA_PROOF_SIZES.balance_proof, what: 'balance_proof size with an empty context', beside: `the ML-DSA-65 attestation adds ${formatBytes(ML_DSA_65_SIGNATURE)} beside it` }];
  }),
) as PerScheme<ExactSize>;

export const opsPerSecond = (x: number | null) => (x == null ? '—' : x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));

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
  const exact = EXACT_SIZES[algorithm];
  const times =
    stored && stored.operations > 0
      ? `times are the server engine’s averages over ${stored.operations.toLocaleString('en-US')} stored operation${stored.operations === 1 ? '' : 's'}`
      : 'no stored server operations yet, so no times';
  return `Before a run: ${times}; the size is ${label}’s exact ${exact.what} (${exact.beside}). Min and max need a run. Start a benchmark to measure.`;
}
