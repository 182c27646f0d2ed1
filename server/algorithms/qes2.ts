/**
 * QES2_ECDSA and QES2_Schnorr (design/composite.md): the composite draft's M' = Prefix ‖ Label ‖
 * len(ctx) ‖ ctx ‖ SHA-512(M), ML-DSA-65 over M' with FIPS 204 context = Label, and secp256k1
 * (ECDSA compact low-S, or BIP-340) over SHA-256(M'). The engine signs and verifies; this module
 * holds the names and sizes, the application context's limit, and the views the demo shows, which
 * are derived from the signature bytes and never trusted when sent back.
 */
import { createHash } from 'node:crypto';
import { badRequest } from '../errors.ts';
import { decodeZ, sampleInBall } from './dilion.ts';
import type { Qes2Mode } from '../engine/protocol.ts';
import type { Qes2Algorithm } from '../routes/signing-keys.service.ts';

export type { Qes2Mode } from '../engine/protocol.ts';

export const QES2_MODES = ['ecdsa', 'schnorr'] as const;

export const QES2 = {
  ecdsa: {
    algorithm: 'qes2-ecdsa',
    keyAlgorithm: 'QES2_ECDSA' as Qes2Algorithm,
    label: 'QES2-MLDSA65-ECDSA-secp256k1-SHA512',
    publicKeyLength: 1952 + 33,
    secpStep: 'ECDSA secp256k1 sign (RFC 6979, low-S)',
    name: 'ECDSA',
  },
  schnorr: {
    algorithm: 'qes2-schnorr',
    keyAlgorithm: 'QES2_Schnorr' as Qes2Algorithm,
    label: 'QES2-MLDSA65-BIP340-SHA512',
    publicKeyLength: 1952 + 32,
    secpStep: 'BIP-340 Schnorr sign',
    name: 'Schnorr',
  },
} as const;

export const QES2_SIGNATURE_LENGTH = 3309 + 64;
export const QES2_MAX_CONTEXT_BYTES = 255;
const ML_DSA_SIGNATURE = 3309;
const C_TILDE_BYTES = 48;
/** How many z coefficients the views show (the demo shows three; a few more cost nothing). */
const Z_SHOWN = 8;

const shake256 = (data: Uint8Array, outLen: number) => createHash('shake256', { outputLength: outLen }).update(data).digest();
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** The application context's bytes (it goes into M'), or a 400 naming `context` over 255 bytes. */
export function qes2Context(context: string | undefined): { text: string; bytes: Uint8Array } {
  const text = context ?? '';
  const bytes = new Uint8Array(Buffer.from(text, 'utf8'));
  if (bytes.length > QES2_MAX_CONTEXT_BYTES) {
    throw badRequest('context_too_long', `context must be at most ${QES2_MAX_CONTEXT_BYTES} bytes of UTF-8 (got ${bytes.length}).`, 'context');
  }
  return { text, bytes };
}

/** The signing process as the demo's four-step flow shows it (the engine's parts().steps). */
export function qes2Steps(mode: Qes2Mode): string[] {
  return ["build M' = Prefix || Label || len(ctx) || ctx || SHA-512(M)", 'ML-DSA-65 sign', QES2[mode].secpStep, 'concatenate'];
}

export interface Qes2Views {
  mode: Qes2Mode;
  dilithium: { cTilde: string; c: number[]; z: number[] };
  secondary: string;
  challenge: string;
  steps: string[];
}

/** The demo views of a 3,373-byte signature over `message`. */
export function qes2Views(mode: Qes2Mode, signature: Uint8Array, message: string): Qes2Views {
  const mlDsa = signature.subarray(0, ML_DSA_SIGNATURE);
  const cTilde = mlDsa.subarray(0, C_TILDE_BYTES);
  return {
    mode,
    dilithium: { cTilde: hex(cTilde), c: sampleInBall(cTilde), z: decodeZ(mlDsa).slice(0, Z_SHOWN) },
    secondary: hex(signature.subarray(ML_DSA_SIGNATURE)),
    challenge: createHash('sha512').update(message, 'utf8').digest('hex'),
    steps: qes2Steps(mode),
  };
}

const sameNumbers = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export interface SentQes2Views {
  mode?: string;
  dilithium?: { cTilde?: string; c?: number[]; z?: number[] };
  secondary?: string;
}

/**
 * A signature object sent back to verify must be one of this route's mode, and the views it
 * carries must be the ones its bytes give. `challenge` is not compared: verify recomputes PH(M)
 * from the message it is given, so an edited message gives `valid: false`, not a 400.
 */
export function checkQes2Views(mode: Qes2Mode, signature: Uint8Array, sent: SentQes2Views): void {
  if (sent.mode !== undefined && sent.mode !== mode) {
    throw badRequest('signature_mode_mismatch', `signature.mode is "${sent.mode}": verify it at /qes2/${sent.mode}/verify, or sign again in ${mode} mode.`, 'signature.mode');
  }
  const views = qes2Views(mode, signature, '');
  const mismatch = (field: string) =>
    badRequest('signature_view_mismatch', `signature.${field} does not match signature.encoded: send the encoded signature alone, or its unmodified views.`, `signature.${field}`);
  const d = sent.dilithium;
  if (d?.cTilde !== undefined && d.cTilde.toLowerCase() !== views.dilithium.cTilde) throw mismatch('dilithium.cTilde');
  if (d?.c !== undefined && !sameNumbers(d.c, views.dilithium.c)) throw mismatch('dilithium.c');
  if (d?.z !== undefined && !sameNumbers(d.z, views.dilithium.z)) throw mismatch('dilithium.z');
  if (sent.secondary !== undefined && sent.secondary.toLowerCase() !== views.secondary) throw mismatch('secondary');
}
