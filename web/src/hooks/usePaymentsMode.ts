/**
 * How this server sells plans (GET /api/health's `payments`; docs/decisions/035): the Billing tab
 * offers PayPal only when it is not 'off', and says when purchases are simulated. Read once per
 * page load; a degraded server (503) still reports it.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Health } from '../../../server/contract/health.ts';

export type PaymentsMode = z.infer<typeof Health>['payments'];

async function fetchMode(): Promise<PaymentsMode | null> {
  const res = await fetch('/api/health');
  const body = (await res.json().catch(() => null)) as Partial<z.infer<typeof Health>> | null;
  return body?.payments ?? null;
}

/** The mode, or null while it is read (or when it cannot be). */
export function usePaymentsMode(): PaymentsMode | null {
  const query = useQuery({ queryKey: ['payments-mode'], queryFn: fetchMode, staleTime: Number.POSITIVE_INFINITY });
  return query.data ?? null;
}
