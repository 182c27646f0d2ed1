/**
 * QES2_ECDSA and QES2_Schnorr's sizes and demo views (their names, labels and steps are in the
 * scheme registry, shared/schemes.ts) (docs/crypto/qes2.md §8), as
 * plain code that runs in Node and in a browser worker alike: the server's routes and the web demo's
 * in-browser signer both derive a signature's views here, so the two sides show and accept the same
 * fields by construction. Hashes are passed in (node:crypto on the server, the wasm engine in the
 * browser), as shared/dilion.ts does.
 *
 * The signature is ML-DSA-65 (3,309) ‖ secp256k1 (64) over M' = Prefix ‖ Label ‖ len(ctx) ‖ ctx ‖
 * SHA-512(M). The views are derived from the bytes, never trusted when sent back.
 */
import { numbersOf, type SignatureDecoder } from './dilion.ts';
import { QES2_BY_MODE, type Qes2Mode } from './schemes.ts';

export { QES2_BY_MODE, QES2_MODES, type Qes2Mode } from './schemes.ts';

export const QES2_SIGNATURE_LENGTH = QES2_BY_MODE.ecdsa.sizes.signature;
export const QES2_MAX_CONTEXT_BYTES = 255;
/** Secret key = keygen seed = ML-DSA-65 seed (32) ‖ secp256k1 scalar (32). */
export const QES2_SEED_LENGTH = 64;
export const ML_DSA_SIGNATURE_LENGTH = 3309;
const C_TILDE_BYTES = 48;
/** How many z coefficients the views show (the demo shows three; a few more cost nothing). */
const Z_SHOWN = 8;

/** What the views need: the engine's ML-DSA-65 to decode c and z, SHA-512 for the challenge PH(M). */
export interface Qes2Hashes {
  mlDsa65: SignatureDecoder;
  sha512: (data: Uint8Array) => Uint8Array;
}

const utf8 = new TextEncoder();
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The application context's text and UTF-8 bytes; over 255 bytes is the caller's to report. */
export function qes2ContextOf(context: string | undefined): { text: string; bytes: Uint8Array } {
  const text = context ?? '';
  return { text, bytes: utf8.encode(text) };
}

export const qes2ContextTooLong = (bytes: Uint8Array) =>
  `context must be at most ${QES2_MAX_CONTEXT_BYTES} bytes of UTF-8 (got ${bytes.length}).`;


export interface Qes2Views {
  mode: Qes2Mode;
  dilithium: { cTilde: string; c: number[]; z: number[] };
  secondary: string;
  challenge: string;
  steps: string[];
}

/** The parts of the views that depend on the signature bytes only (what verify compares). */
function byteViews(signature: Uint8Array, mlDsa65: SignatureDecoder) {
  const mlDsa = signature.subarray(0, ML_DSA_SIGNATURE_LENGTH);
  const parts = mlDsa65.decodeSignature(mlDsa);
  return {
    dilithium: { cTilde: hex(mlDsa.subarray(0, C_TILDE_BYTES)), c: numbersOf(parts.c), z: numbersOf(parts.z.subarray(0, Z_SHOWN)) },
    secondary: hex(signature.subarray(ML_DSA_SIGNATURE_LENGTH)),
  };
}

/** The demo views of a 3,373-byte signature over `message`. */
export function qes2Views(mode: Qes2Mode, signature: Uint8Array, message: string, hashes: Qes2Hashes): Qes2Views {
  return {
    mode,
    ...byteViews(signature, hashes.mlDsa65),
    challenge: hex(hashes.sha512(utf8.encode(message))),
    steps: [...QES2_BY_MODE[mode].steps],
  };
}

export interface SentQes2Views {
  mode?: string;
  dilithium?: { cTilde?: string; c?: number[]; z?: number[] };
  secondary?: string;
}

export type Qes2ViewProblem =
  | { code: 'signature_mode_mismatch'; field: 'signature.mode'; message: string }
  | { code: 'signature_view_mismatch'; field: string; message: string };

const sameNumbers = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Why a signature object sent back to verify is refused, or null: it must be of the route's mode,
 * and the views it carries must be the ones its bytes give. `challenge` is not compared: verify
 * recomputes PH(M) from the message it is given, so an edited message is `valid: false`, not an error.
 */
export function qes2ViewProblem(mode: Qes2Mode, signature: Uint8Array, sent: SentQes2Views, mlDsa65: SignatureDecoder): Qes2ViewProblem | null {
  if (sent.mode !== undefined && sent.mode !== mode) {
    return {
      code: 'signature_mode_mismatch',
      field: 'signature.mode',
      message: `signature.mode is "${sent.mode}": verify it at /qes2/${sent.mode}/verify, or sign again in ${mode} mode.`,
    };
  }
  const views = byteViews(signature, mlDsa65);
  const mismatch = (name: string): Qes2ViewProblem => ({
    code: 'signature_view_mismatch',
    field: `signature.${name}`,
    message: `signature.${name} does not match signature.encoded: send the encoded signature alone, or its unmodified views.`,
  });
  const d = sent.dilithium;
  if (d?.cTilde !== undefined && d.cTilde.toLowerCase() !== views.dilithium.cTilde) return mismatch('dilithium.cTilde');
  if (d?.c !== undefined && !sameNumbers(d.c, views.dilithium.c)) return mismatch('dilithium.c');
  if (d?.z !== undefined && !sameNumbers(d.z, views.dilithium.z)) return mismatch('dilithium.z');
  if (sent.secondary !== undefined && sent.secondary.toLowerCase() !== views.secondary) return mismatch('secondary');
  return null;
}
