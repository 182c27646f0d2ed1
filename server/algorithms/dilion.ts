/**
 * Dilion without a privacy identifier (DESIGN.md §3; design/algorithms.md §3.3): FIPS 204 ML-DSA-65,
 * pure mode, over M = 0x00 ‖ UTF-8(message) with context UTF-8("dilion/v1|" + sid). Any FIPS 204
 * verifier checks the signature from the response's fields alone.
 *
 * Also decodes the signature's "views" the demo shows: c, the challenge polynomial SampleInBall(c̃),
 * and z, the response vector's 1,280 coefficients. They are derived from the encoding, never trusted.
 */
import { createHash } from 'node:crypto';
import { badRequest } from '../errors.ts';

export const DILION = {
  algorithm: 'dilion',
  parameterSet: 'ML-DSA-65',
  level: 65,
  publicKeyLength: 1952,
  signatureLength: 3309,
  contextPrefix: 'dilion/v1|',
  defaultSid: 'default',
  /** pidCipher until the privacy identifier (issue 6) binds a uid. */
  noPidCipher: 'N/A',
} as const;

// ML-DSA-65 (FIPS 204 Table 1): λ = 192 so c̃ is 48 bytes; τ = 49; ℓ = 5; γ1 = 2^19 (20-bit z coefficients).
const C_TILDE_BYTES = 48;
const TAU = 49;
const L = 5;
const GAMMA1 = 1 << 19;
const Z_BYTES = L * 256 * 20 / 8;

const MAX_CONTEXT_BYTES = 255;
export const MAX_SID_BYTES = MAX_CONTEXT_BYTES - Buffer.byteLength(DILION.contextPrefix);

/** The context string for a service id, or a 400 naming `sid` when it would exceed 255 bytes. */
export function dilionContext(sid: string): { text: string; bytes: Uint8Array } {
  const text = DILION.contextPrefix + sid;
  const bytes = new Uint8Array(Buffer.from(text, 'utf8'));
  if (bytes.length > MAX_CONTEXT_BYTES) {
    throw badRequest('context_too_long', `sid must be at most ${MAX_SID_BYTES} bytes of UTF-8 (the context is limited to 255 bytes).`, 'sid');
  }
  return { text, bytes };
}

/** M = 0x00 ‖ UTF-8(message): the version byte 0x00 marks "no privacy identifier". */
export function dilionMessage(message: string): Uint8Array {
  const utf8 = Buffer.from(message, 'utf8');
  const m = new Uint8Array(utf8.length + 1);
  m.set(utf8, 1);
  return m;
}

/** FIPS 204 Algorithm 29, SampleInBall(ρ = c̃): 256 coefficients in {-1, 0, 1}, τ of them non-zero. */
export function sampleInBall(cTilde: Uint8Array): number[] {
  for (let stream = 512; ; stream *= 2) {
    const h = createHash('shake256', { outputLength: stream }).update(cTilde).digest();
    const c = new Array<number>(256).fill(0);
    let pos = 8;
    let complete = true;
    for (let i = 256 - TAU; i < 256 && complete; i++) {
      let j: number;
      do {
        if (pos >= h.length) {
          complete = false;
          break;
        }
        j = h[pos++]!;
      } while (j > i);
      if (!complete) break;
      const bit = i + TAU - 256;
      c[i] = c[j!]!;
      c[j!] = (h[bit >> 3]! >> (bit & 7)) & 1 ? -1 : 1;
    }
    if (complete) return c;
  }
}

/** The ℓ·256 coefficients of z, unpacked from their 20-bit encoding (FIPS 204 BitUnpack, b = γ1). */
export function decodeZ(signature: Uint8Array): number[] {
  const packed = signature.subarray(C_TILDE_BYTES, C_TILDE_BYTES + Z_BYTES);
  const z: number[] = [];
  for (let i = 0; i < packed.length; i += 5) {
    const b = packed.subarray(i, i + 5);
    const first = b[0]! | (b[1]! << 8) | ((b[2]! & 0x0f) << 16);
    const second = (b[2]! >> 4) | (b[3]! << 4) | (b[4]! << 12);
    z.push(GAMMA1 - first, GAMMA1 - second);
  }
  return z;
}

export interface SignatureViews {
  c: number[];
  z: number[];
}

export function signatureViews(signature: Uint8Array): SignatureViews {
  return { c: sampleInBall(signature.subarray(0, C_TILDE_BYTES)), z: decodeZ(signature) };
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Views sent back with a signature must be the ones its encoding gives (design/algorithms.md §3.3). */
export function checkViews(signature: Uint8Array, sent: Partial<SignatureViews>): void {
  if (sent.c === undefined && sent.z === undefined) return;
  const views = signatureViews(signature);
  if (sent.c !== undefined && !sameNumbers(sent.c, views.c)) {
    throw badRequest('signature_view_mismatch', 'signature.c does not match signature.encoded: send the encoded signature alone, or its unmodified views.', 'signature.c');
  }
  if (sent.z !== undefined && !sameNumbers(sent.z, views.z)) {
    throw badRequest('signature_view_mismatch', 'signature.z does not match signature.encoded: send the encoded signature alone, or its unmodified views.', 'signature.z');
  }
}
