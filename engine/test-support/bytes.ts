/**
 * The byte encodings tests use: hex and standard base64 to and from bytes, by Node's Buffer. The
 * product has its own (shared/bytes.ts, what the web app runs); tests keep Node's on purpose, so a
 * test that checks what the product encodes does not decode it with the product's own code, and the
 * engine's tests may import nothing from shared/ (engine/layering.test.ts). The names are the
 * product's: toHex, fromHex, toBase64, fromBase64.
 */

/** Lower-case hex, as the product writes it. */
export const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** Upper-case hex, as NIST's ACVP files and BIP 340's table write their vectors. */
export const toUpperHex = (bytes: Uint8Array): string => toHex(bytes).toUpperCase();

/**
 * Bytes of hex text, either case; white space and colons, as RFCs print their vectors, are ignored.
 * Throws on anything else, where Buffer would stop silently at the first stray character.
 */
export function fromHex(text: string): Uint8Array {
  const digits = text.replace(/[\s:]/g, '');
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(digits)) throw new Error(`not hex: ${text.slice(0, 40)}`);
  return new Uint8Array(Buffer.from(digits, 'hex'));
}

export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** Bytes of standard base64 (RFC 4648), as Node decodes it. */
export const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));

/** A number in [0, 2^256) as 32 big-endian bytes, as secp256k1 scalars and field elements are written. */
export const toBytes32 = (value: bigint): Uint8Array => fromHex(value.toString(16).padStart(64, '0'));

/** Big-endian bytes as a number. */
export const toBigInt = (bytes: Uint8Array): bigint => BigInt(`0x${toHex(bytes) || '0'}`);
