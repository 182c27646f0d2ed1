/**
 * What the server says of itself (GET /api/health): how it sells plans (docs/decisions/035) and how
 * it sends mail (docs/decisions/037). Read once per page load; a degraded server (503) still reports it.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Health } from '../../../server/contract/health.ts';

type HealthView = z.infer<typeof Health>;
export type PaymentsMode = HealthView['payments'];
export type MailMode = HealthView['mail'];

async function fetchHealth(): Promise<Partial<HealthView> | null> {
  const res = await fetch('/api/health');
  return (await res.json().catch(() => null)) as Partial<HealthView> | null;
}

function useHealth() {
  return useQuery({ queryKey: ['health'], queryFn: fetchHealth, staleTime: Number.POSITIVE_INFINITY }).data ?? null;
}

/** The payment mode, or null while it is read (or when it cannot be). */
export function usePaymentsMode(): PaymentsMode | null {
  return useHealth()?.payments ?? null;
}

/** The mail mode, or null while it is read (or when it cannot be). */
export function useMailMode(): MailMode | null {
  return useHealth()?.mail ?? null;
}
