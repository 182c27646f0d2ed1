/**
 * The history page's logic (docs/product.md §2.9), made to work: algorithm names map to their tab
 * through the scheme registry whatever their spelling (dilion, qes2-ecdsa, QES2_Schnorr, zk-fidna...), and search and filter
 * narrow the list and the tab counts.
 */
import type { z } from 'zod';
import type { CryptoOperation } from '../../../server/contract/operations.ts';
import { schemeOf, SCHEMES, type SchemeFamily } from '../../../shared/schemes.ts';
import { messageText } from './message-text.ts';

export type Operation = z.infer<typeof CryptoOperation>;
export type Family = SchemeFamily;
export type Tab = 'all' | Family;
export type TypeFilter = 'all' | 'sign' | 'verify' | 'prove' | 'failed';

/** Each family's tab label (a new family without one fails to compile). */
const FAMILY_LABELS: { readonly [F in Family]: string } = { dilion: 'Dilion', qes2: 'QES2', 'zk-fidna': 'zk-FIDNA' };

export const TABS: { value: Tab; label: string; empty: string }[] = [
  { value: 'all', label: 'All', empty: 'No operations found. Try the demo to create some!' },
  ...(Object.keys(FAMILY_LABELS) as Family[]).map((family) => ({
    value: family,
    label: FAMILY_LABELS[family],
    empty: `No ${FAMILY_LABELS[family]} operations found.`,
  })),
];

export const TYPE_FILTERS: { value: TypeFilter; label: string }[] = [
  { value: 'all', label: 'All types' },
  { value: 'sign', label: 'Sign' },
  { value: 'verify', label: 'Verify' },
  { value: 'prove', label: 'Prove' },
  { value: 'failed', label: 'Failed only' },
];

const key = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The tab an algorithm (or a family name such as "qes2") belongs to; spelling, case and separators do not matter. */
export function familyOf(algorithm: string): Family | null {
  const id = schemeOf(algorithm);
  if (id !== null) return SCHEMES[id].family;
  return (Object.keys(FAMILY_LABELS) as Family[]).find((family) => key(family) === key(algorithm)) ?? null;
}

/** How the algorithm is shown: the demo's tab names where known. */
export function algorithmLabel(algorithm: string): string {
  const id = schemeOf(algorithm);
  return id === null ? algorithm : SCHEMES[id].label;
}

export type Status = 'Signed' | 'Proved' | 'Verified' | 'Failed';

/** docs/product.md §4: Signed for a sign, Verified for a verify that passed, else Failed. A proof is Proved. */
export function statusOf(op: Pick<Operation, 'operationType' | 'verified'>): Status {
  if (op.operationType === 'sign') return 'Signed';
  if (op.operationType === 'prove') return 'Proved';
  return op.verified ? 'Verified' : 'Failed';
}


function matchesType(op: Operation, type: TypeFilter): boolean {
  if (type === 'all') return true;
  if (type === 'failed') return statusOf(op) === 'Failed';
  return op.operationType === type;
}

function matchesSearch(op: Operation, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [messageText(op), op.algorithm, algorithmLabel(op.algorithm), op.operationType, statusOf(op), String(op.id)].some((f) => f.toLowerCase().includes(q));
}

/** The operations that pass search and filter, and how many of them each tab holds. */
export function applyFilters(ops: readonly Operation[], search: string, type: TypeFilter) {
  const matching = ops.filter((op) => matchesType(op, type) && matchesSearch(op, search));
  const counts = Object.fromEntries(TABS.map((t) => [t.value, t.value === 'all' ? matching.length : 0])) as Record<Tab, number>;
  for (const op of matching) {
    const family = familyOf(op.algorithm);
    if (family) counts[family]++;
  }
  const inTab = (tab: Tab) => (tab === 'all' ? matching : matching.filter((op) => familyOf(op.algorithm) === tab));
  return { matching, counts, inTab };
}
