/**
 * Dilion without a privacy identifier (DESIGN.md §3; design/algorithms.md §3.3), as plain code that
 * runs in Node and in a browser worker alike: the server and the web demo's in-browser signer both
 * build M and the context here, and derive the signature's "views" here, so a signature made on one
 * side verifies on the other by construction.
 *
 * FIPS 204 ML-DSA-65, pure mode, over M = 0x00 ‖ UTF-8(message) with context UTF-8("dilion/v1|" + sid).
 * The views the demo shows are c, the challenge polynomial SampleInBall(c̃), and z, the response
 * vector's 1,280 coefficients; they are derived from the encoding, never trusted.
 */

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
const Z_BYTES = (L * 256 * 20) / 8;

const utf8 = new TextEncoder();

export const MAX_CONTEXT_BYTES = 255;
export const MAX_SID_BYTES = MAX_CONTEXT_BYTES - utf8.encode(DILION.contextPrefix).length;

/** The context for a service id; `bytes` may exceed 255 — callers report that in their own way. */
export function dilionContextOf(sid: string): { text: string; bytes: Uint8Array } {
  const text = DILION.contextPrefix + sid;
  return { text, bytes: utf8.encode(text) };
}

/** M = 0x00 ‖ UTF-8(message): the version byte 0x00 marks "no privacy identifier". */
export function dilionMessage(message: string): Uint8Array {
  const bytes = utf8.encode(message);
  const m = new Uint8Array(bytes.length + 1);
  m.set(bytes, 1);
  return m;
}

/** SHAKE256 as both sides have it: node:crypto on the server, the wasm engine in the browser. */
export type Shake256 = (data: Uint8Array, outLen: number) => Uint8Array;

/** FIPS 204 Algorithm 29, SampleInBall(ρ = c̃): 256 coefficients in {-1, 0, 1}, τ of them non-zero. */
export function sampleInBall(cTilde: Uint8Array, shake256: Shake256): number[] {
  // The rejection loop almost never needs more than 512 bytes; squeeze more and start over if it does.
  for (let stream = 512; ; stream *= 2) {
    const h = shake256(cTilde, stream);
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

export function signatureViews(signature: Uint8Array, shake256: Shake256): SignatureViews {
  return { c: sampleInBall(signature.subarray(0, C_TILDE_BYTES), shake256), z: decodeZ(signature) };
}
