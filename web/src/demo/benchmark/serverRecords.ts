/**
 * The server's own engine times for a run's operations. Demo responses carry no timing, but the
 * server records every operation with the engine's time (generationTime for sign or prove,
 * verificationTime for verify) and the signature or proof; matching on those bytes finds exactly
 * this run's records. The
 * history API returns the latest 100 records, so a long run is covered for its last operations.
 */
import type { z } from 'zod';
import type { CryptoOperation } from '../../../../server/contract/operations.ts';
import { apiRequest } from '../../lib/api.ts';
import type { Sample } from './stats.ts';

type Operation = z.infer<typeof CryptoOperation>;

/** Copies the engine times of matching records onto the server samples; returns how many matched. */
export function attachEngineTimes(samples: Sample[], records: readonly Operation[]): { samples: Sample[]; matched: number } {
  const sign = new Map<string, number>();
  const verify = new Map<string, number>();
  for (const r of records) {
    const encoded = typeof r.signature.encoded === 'string' ? r.signature.encoded : undefined;
    if (!encoded) continue;
    if ((r.operationType === 'sign' || r.operationType === 'prove') && r.generationTime != null) sign.set(encoded, r.generationTime);
    if (r.operationType === 'verify' && r.verificationTime != null) verify.set(encoded, r.verificationTime);
  }
  let matched = 0;
  const out = samples.map((s) => {
    if (s.side !== 'server' || !s.signature || !sign.has(s.signature)) return s;
    matched++;
    return { ...s, engineSignMs: sign.get(s.signature), engineVerifyMs: verify.get(s.signature) };
  });
  return { samples: out, matched };
}

export async function fetchRecords(): Promise<Operation[]> {
  return apiRequest<Operation[]>('GET', '/api/crypto/operations');
}
