/** Standard padded base64 (RFC 4648), the wire format of every byte string (docs/api.md §2.1). */

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list well under engine limits for large inputs.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Decodes base64, or throws with `what` named when the text is not base64. */
export function fromBase64(text: string, what = 'value'): Uint8Array {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    throw new Error(`${what} must be standard padded base64 (RFC 4648)`);
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Bytes of a hex string, or null when it is not an even-length hex string. */
export function fromHex(text: string): Uint8Array | null {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(text)) return null;
  return Uint8Array.from(text.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
}
