/**
 * Strict DER for ECDSA signatures (SEQUENCE { INTEGER r, INTEGER s }, X.690 section 10 and
 * SEC 1 appendix C.8) and its conversion to and from the 64-byte compact form r || s.
 * Anything that is BER but not DER (long-form lengths for short content, superfluous leading
 * zero bytes, negative integers, trailing bytes) is refused, as Wycheproof and Bitcoin require.
 */

/** Minimal DER INTEGER for a 32-byte unsigned big-endian value. */
function derInteger(value: Uint8Array): Uint8Array {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start++;
  const body = value.subarray(start);
  const pad = body[0] >= 0x80 ? 1 : 0;
  const out = new Uint8Array(2 + pad + body.length);
  out[0] = 0x02;
  out[1] = pad + body.length;
  out.set(body, 2 + pad);
  return out;
}

/** DER encoding of the compact signature r || s (64 bytes); at most 72 bytes. */
export function compactToDer(compact: Uint8Array): Uint8Array {
  const r = derInteger(compact.subarray(0, 32));
  const s = derInteger(compact.subarray(32, 64));
  const out = new Uint8Array(2 + r.length + s.length);
  out[0] = 0x30;
  out[1] = r.length + s.length;
  out.set(r, 2);
  out.set(s, 2 + r.length);
  return out;
}

/** Reads one INTEGER at `at` into 32 bytes of `out` at `dst`; returns the next offset or -1. */
function readInteger(der: Uint8Array, at: number, out: Uint8Array, dst: number): number {
  if (at + 2 > der.length || der[at] !== 0x02) return -1;
  const len = der[at + 1];
  const start = at + 2;
  // Short-form length only (every valid integer here is under 128 bytes), and non-empty.
  if (len === 0 || len >= 0x80 || start + len > der.length) return -1;
  if (der[start] >= 0x80) return -1; // negative
  if (len > 1 && der[start] === 0 && der[start + 1] < 0x80) return -1; // superfluous zero
  let body = der.subarray(start, start + len);
  if (body.length === 33) {
    if (body[0] !== 0) return -1;
    body = body.subarray(1);
  }
  if (body.length > 32) return -1;
  out.set(body, dst + 32 - body.length);
  return start + len;
}

/** The compact form of a strict DER signature, or null when `der` is not one. */
export function derToCompact(der: Uint8Array): Uint8Array | null {
  if (der.length < 8 || der.length > 72 || der[0] !== 0x30) return null;
  if (der[1] >= 0x80 || der[1] !== der.length - 2) return null;
  const out = new Uint8Array(64);
  const next = readInteger(der, 2, out, 0);
  if (next < 0) return null;
  const end = readInteger(der, next, out, 32);
  return end === der.length ? out : null;
}
