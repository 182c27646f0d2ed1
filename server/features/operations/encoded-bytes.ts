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

/**
 * Splits `encoded` off as bytes when it is canonical base64 (it decodes and re-encodes to itself),
 * so reading the row gives back exactly what was stored; anything else stays in the JSON.
 */
export function storeEncoded(value: { encoded?: unknown }): StoredValue {
  const { encoded, ...rest } = value;
  if (typeof encoded === 'string') {
    const bytes = Buffer.from(encoded, 'base64');
    if (bytes.toString('base64') === encoded) return { json: JSON.stringify(rest), bytes };
  }
  return { json: JSON.stringify(value), bytes: null };
}

/** A stored JSON column's value when it is an object, else null. */
export const jsonObject = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The value as it was stored: `encoded` first, as every record writes it, then the other members. */
export function readEncoded(json: unknown, bytes: Buffer | null): Record<string, unknown> | null {
  const members = jsonObject(json);
  if (bytes === null) return members;
  return { encoded: bytes.toString('base64'), ...members };
}
