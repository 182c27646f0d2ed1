/**
 * The audit log's hash chain (docs/decisions/055-audit-log.md), written once for appending and
 * verifying alike: an event's hash is SHA-256 over a canonical, length-prefixed encoding of every
 * field and the previous event's hash. Each field is a 4-byte big-endian length and its UTF-8 bytes
 * (numbers as decimal text); an absent field is the length 0xFFFFFFFF alone, so null and "" differ
 * and no two field lists encode alike. The encoding starts with its version's tag.
 */
import { createHash } from 'node:crypto';

/** The previous hash of an account's first event. */
export const GENESIS_HASH = '0'.repeat(64);

const TAG = 'pq-platform-audit/1';
const ABSENT = 0xffffffff;

/** Every field an event's hash covers, as stored. */
export interface ChainedFields {
  userId: string;
  seq: number;
  type: string;
  actorKind: string;
  actorId: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
  clientAddress: string | null;
  requestId: string | null;
  subject: string | null;
  /** Canonical JSON text (canonicalJson), exactly as stored. */
  details: string;
  prevHash: string;
}

function field(value: string | number | null): Buffer {
  const length = Buffer.alloc(4);
  if (value === null) {
    length.writeUInt32BE(ABSENT);
    return length;
  }
  const bytes = Buffer.from(typeof value === 'number' ? String(value) : value, 'utf8');
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** The bytes an event's hash is taken over. */
export function encodeEvent(e: ChainedFields): Buffer {
  return Buffer.concat(
    [TAG, e.userId, e.seq, e.type, e.actorKind, e.actorId, e.createdAt, e.clientAddress, e.requestId, e.subject, e.details, e.prevHash].map(field),
  );
}

/** The event's hash, lower-case hex. */
export function hashEvent(e: ChainedFields): string {
  return createHash('sha256').update(encodeEvent(e)).digest('hex');
}

export type DetailValue = string | number | boolean | null | DetailValue[] | { [key: string]: DetailValue };

/** Keys that would name a secret: the log holds none (passwords, tokens, seeds, API secrets, codes). */
const SECRET_KEY = /pass(word)?|secret|token|seed|totp|otp|code|private|mnemonic/i;

/**
 * The details as canonical JSON: object keys sorted, no spaces. A key that names a secret is a
 * programming error and throws, so a careless caller fails its tests instead of logging one.
 */
export function canonicalJson(value: DetailValue): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('audit details hold only finite numbers');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort();
  for (const key of keys) if (SECRET_KEY.test(key)) throw new Error(`audit details never hold secrets: "${key}" names one`);
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k]!)}`).join(',')}}`;
}
