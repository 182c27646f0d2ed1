/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/): reading `traceparent` and `tracestate`
 * as its "Traceparent Header" and "Tracestate Header" sections say, writing `traceparent`, and new
 * random ids. A header that does not parse is ignored and the request starts a new trace: it is
 * never an error.
 */
import { randomFillSync } from 'node:crypto';

/** A valid incoming `traceparent`: the caller's trace, its span (our parent) and its flags. */
export interface Traceparent {
  traceId: string;
  parentId: string;
  /** The trace-flags byte; bit 0 is "sampled" (the standard's "trace-flags"). */
  flags: number;
}

const HEX_LC = /^[0-9a-f]+$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/**
 * Version 00 is exactly 55 characters: 00-{32 hex}-{16 hex}-{2 hex}, lower case (HEXDIGLC). A later
 * version (any but ff) is read forward-compatibly ("Versioning of traceparent"): at least 55 characters, the same fields
 * at the same places, and after the flags either the end or a dash. All-zero ids are invalid.
 */
export function parseTraceparent(header: string | string[] | undefined): Traceparent | undefined {
  // Several traceparent headers cannot be told apart: no single parent, so none (Node joins repeats of unknown headers with ", ").
  if (typeof header !== 'string' || header.length < 55) return undefined;
  const version = header.slice(0, 2);
  if (!HEX_LC.test(version) || version === 'ff') return undefined;
  if (version === '00' ? header.length !== 55 : header.length > 55 && header[55] !== '-') return undefined;
  if (header[2] !== '-' || header[35] !== '-' || header[52] !== '-') return undefined;
  const traceId = header.slice(3, 35);
  const parentId = header.slice(36, 52);
  const flags = header.slice(53, 55);
  if (!HEX_LC.test(traceId) || !HEX_LC.test(parentId) || !HEX_LC.test(flags)) return undefined;
  if (traceId === ZERO_TRACE || parentId === ZERO_SPAN) return undefined;
  return { traceId, parentId, flags: parseInt(flags, 16) };
}

/**
 * The header we send: always version 00, the only one we know how to write, with only the
 * sampled flag kept: version 00 defines no other, and "vendors MUST set those to zero" ("trace-flags").
 */
export function formatTraceparent(traceId: string, spanId: string, flags: number): string {
  return `00-${traceId}-${spanId}-${flags & 1 ? '01' : '00'}`;
}

/** What we pass on at most: the standard's "tracestate Limits" ask for at least 512 characters and allow 32 members. */
export const MAX_TRACESTATE_CHARS = 512;
const MAX_TRACESTATE_MEMBERS = 32;
/** "tracestate Limits": members longer than this are the first dropped when the header must shrink. */
const LONG_MEMBER = 128;
// key: simple-key or tenant@system; value: printable ASCII but "," and "=", not ending in a space ("tracestate Header Field Values").
const MEMBER = /^(?:[a-z][a-z0-9_*/-]{0,255}|[a-z0-9][a-z0-9_*/-]{0,240}@[a-z][a-z0-9_*/-]{0,13})=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;

/**
 * The `tracestate` to pass on with a valid traceparent, or undefined. Several headers are one list
 * ("Combined Header Value"). A list with a malformed member, a repeated key or more than 32 members is dropped
 * whole ("the parser MAY discard the whole tracestate"); one over 512 characters loses
 * its long members, then its last ones ("tracestate Limits").
 */
export function parseTracestate(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const joined = Array.isArray(header) ? header.join(',') : header;
  // Bounded before splitting: a caller's megabyte of commas costs nothing.
  if (joined.length > 64 * MAX_TRACESTATE_CHARS) return undefined;
  const members = joined
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');
  if (members.length === 0 || members.length > MAX_TRACESTATE_MEMBERS) return undefined;
  const keys = new Set<string>();
  for (const member of members) {
    if (!MEMBER.test(member)) return undefined;
    const key = member.slice(0, member.indexOf('='));
    if (keys.has(key)) return undefined;
    keys.add(key);
  }
  let kept = members;
  if (kept.join(',').length > MAX_TRACESTATE_CHARS) kept = kept.filter((m) => m.length <= LONG_MEMBER);
  while (kept.length > 0 && kept.join(',').length > MAX_TRACESTATE_CHARS) kept = kept.slice(0, -1);
  return kept.length > 0 ? kept.join(',') : undefined;
}

// Random bytes drawn 4 KiB at a time: one call into OpenSSL per 170 requests instead of two per request.
const POOL = Buffer.alloc(4096);
let used = POOL.length;

function randomHex(bytes: number): string {
  if (used + bytes > POOL.length) {
    randomFillSync(POOL);
    used = 0;
  }
  const hex = POOL.toString('hex', used, used + bytes);
  used += bytes;
  return hex;
}

/** A new trace id: 16 random bytes (never all zero in practice; redrawn if so: all zeros is invalid). */
export function newTraceId(): string {
  let id = randomHex(16);
  while (id === ZERO_TRACE) id = randomHex(16);
  return id;
}

/** A new span id: 8 random bytes, not all zero (an invalid parent-id). */
export function newSpanId(): string {
  let id = randomHex(8);
  while (id === ZERO_SPAN) id = randomHex(8);
  return id;
}
