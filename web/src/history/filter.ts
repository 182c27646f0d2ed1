/**
 * The history page's logic (docs/product.md §2.9), made to work: algorithm names map to their tab
 * through the scheme registry whatever their spelling (dilion, qes2-ecdsa, QES2_Schnorr, zk-fidna...), and search and filter
 * narrow the list and the tab counts. Labels are in the page's language (docs/decisions/041), so
 * they are functions called while rendering; search finds what the page shows and the API's own words.
 */
import type { z } from 'zod';
import type { CryptoOperation } from '../../../server/contract/operations.ts';
import { KEM_OPERATION_TYPES, type KemOperationType } from '../../../shared/managed-keys.ts';
import { schemeOf, SCHEMES, type SchemeFamily } from '../../../shared/schemes.ts';
import { i18n } from '../i18n/index.ts';
import { messageText } from './message-text.ts';

export type Operation = z.infer<typeof CryptoOperation>;
export type Family = SchemeFamily;
export type Tab = 'all' | Family;
/** encrypt and decrypt group an ML-KEM key's operations as API-key restrictions do (docs/decisions/054). */
export type TypeFilter = 'all' | 'sign' | 'verify' | 'prove' | 'encrypt' | 'decrypt' | 'failed';

/** Each family's tab label (a new family without one fails to compile). */
const FAMILY_LABELS: { readonly [F in Family]: string } = { dilion: 'Dilion', qes2: 'QES2', 'zk-fidna': 'zk-FIDNA' };

export const TABS: readonly Tab[] = ['all', ...(Object.keys(FAMILY_LABELS) as Family[])];

/** A tab's label: All, or the family's name. */
export function tabLabel(tab: Tab): string {
  return tab === 'all' ? i18n.t('pages:history.all') : FAMILY_LABELS[tab];
}

/** What an empty tab says. */
export function tabEmpty(tab: Tab): string {
  return tab === 'all' ? i18n.t('pages:history.empty') : i18n.t('pages:history.familyEmpty', { family: FAMILY_LABELS[tab] });
}

const TYPE_FILTER_VALUES = ['all', 'sign', 'verify', 'prove', 'encrypt', 'decrypt', 'failed'] as const satisfies readonly TypeFilter[];

/** The type filter's options. */
export function typeFilters(): { value: TypeFilter; label: string }[] {
  return TYPE_FILTER_VALUES.map((value) => ({ value, label: i18n.t(`pages:history.types.${value}`) }));
}

/** An operation's type as its badge shows it. */
export function typeLabel(type: Operation['operationType']): string {
  return i18n.t(`pages:history.operation.${type}`);
}

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

export type Status = 'Signed' | 'Proved' | 'Verified' | 'Encrypted' | 'Decrypted' | 'Failed';

const STATUS_KEYS = { Signed: 'signed', Proved: 'proved', Verified: 'verified', Encrypted: 'encrypted', Decrypted: 'decrypted', Failed: 'failed' } as const;

const isKem = (type: string): type is KemOperationType => Object.hasOwn(KEM_OPERATION_TYPES, type);

/** A status as its badge shows it. */
export function statusLabel(status: Status): string {
  return i18n.t(`pages:history.status.${STATUS_KEYS[status]}`);
}

/**
 * docs/product.md §4: Signed for a sign, Verified for a verify that passed, else Failed. A proof is
 * Proved. An ML-KEM key's operation is recorded only when it succeeded: Encrypted or Decrypted.
 */
export function statusOf(op: Pick<Operation, 'operationType' | 'verified'>): Status {
  if (op.operationType === 'sign') return 'Signed';
  if (op.operationType === 'prove') return 'Proved';
  if (isKem(op.operationType)) return KEM_OPERATION_TYPES[op.operationType] === 'encrypt' ? 'Encrypted' : 'Decrypted';
  return op.verified ? 'Verified' : 'Failed';
}

function matchesType(op: Operation, type: TypeFilter): boolean {
  if (type === 'all') return true;
  if (type === 'failed') return statusOf(op) === 'Failed';
  if (type === 'encrypt' || type === 'decrypt') return isKem(op.operationType) && KEM_OPERATION_TYPES[op.operationType] === type;
  return op.operationType === type;
}

function matchesSearch(op: Operation, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const shown = [messageText(op), algorithmLabel(op.algorithm), typeLabel(op.operationType), statusLabel(statusOf(op)), String(op.id)];
  return [...shown, op.algorithm, op.operationType, statusOf(op)].some((f) => f.toLowerCase().includes(q));
}

/** The operations that pass search and filter, and how many of them each tab holds. */
export function applyFilters(ops: readonly Operation[], search: string, type: TypeFilter) {
  const matching = ops.filter((op) => matchesType(op, type) && matchesSearch(op, search));
  const counts = Object.fromEntries(TABS.map((tab) => [tab, tab === 'all' ? matching.length : 0])) as Record<Tab, number>;
  for (const op of matching) {
    const family = familyOf(op.algorithm);
    if (family) counts[family]++;
  }
  const inTab = (tab: Tab) => (tab === 'all' ? matching : matching.filter((op) => familyOf(op.algorithm) === tab));
  return { matching, counts, inTab };
}
