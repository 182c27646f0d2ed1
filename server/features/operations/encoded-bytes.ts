/**
 * A stored signature or public key keeps its `encoded` member (base64, as the API shows it) as raw
 * bytes in a BLOB column and the rest as JSON: the row is then small enough for one page, and its
 * commit writes a quarter fewer bytes and no 4 KB JSON string (docs/decisions/030).
 */

export interface StoredValue {
  /** The JSON of every member but `encoded` when `bytes` is set; of the whole value otherwise. */
  json: string;
  bytes: Buffer | null;
}

const BYTES = Symbol('the bytes that encoded is the base64 of');

/**
 * `{ encoded }` (base64) for bytes a service already holds, such as the signature it just made: the
 * record stores them as they are instead of decoding `encoded` back and checking it (about 2 µs
 * for a signature). The bytes ride under a symbol, which JSON never shows.
 */
export function encodedValue(bytes: Uint8Array): { encoded: string } {
  const value = { encoded: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') };
  Object.defineProperty(value, BYTES, { value: bytes });
  return value;
}

/**
 * Splits `encoded` off as bytes when it is canonical base64 (it decodes and re-encodes to itself),
 * so reading the row gives back exactly what was stored; anything else stays in the JSON.
 */
export function storeEncoded(value: { encoded?: unknown }): StoredValue {
  const { encoded, ...rest } = value;
  const known = (value as { [BYTES]?: Uint8Array })[BYTES];
  if (known !== undefined) return { json: JSON.stringify(rest), bytes: Buffer.from(known.buffer, known.byteOffset, known.byteLength) };
  if (typeof encoded === 'string') {
    const bytes = Buffer.from(encoded, 'base64');
    if (bytes.toString('base64') === encoded) return { json: JSON.stringify(rest), bytes };
  }
  return { json: JSON.stringify(value), bytes: null };
}

/**
 * For a value whose `encoded` is kept elsewhere (a signing key's public key, which the row points
 * to): only the other members are stored.
 */
export function referenceEncoded(value: { encoded?: unknown; [member: string]: unknown }): StoredValue {
  const { encoded: _kept, ...rest } = value;
  return { json: JSON.stringify(rest), bytes: null };
}

/** A stored JSON column's value when it is an object, else null. */
export const jsonObject = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * The value as it was stored: `encoded` first, as every record writes it, then the other members.
 * `encoded` comes from the row's bytes, or is given as base64 when kept elsewhere.
 */
export function readEncoded(json: unknown, bytes: Buffer | string | null): Record<string, unknown> | null {
  const members = jsonObject(json);
  if (bytes === null) return members;
  return { encoded: typeof bytes === 'string' ? bytes : bytes.toString('base64'), ...members };
}
