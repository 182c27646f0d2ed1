/**
 * The server's no-uid Dilion (shared/dilion.ts), run on this device: FIPS 204 ML-DSA-65 over
 * M = 0x00 ‖ UTF-8(message) with context "dilion/v1|" + sid, answering in the server's response shapes
 * so the demo shows and sends either side's results the same way.
 *
 * The key pair is per tab: a random 32-byte seed drawn here, never sent anywhere. Like the server's
 * engine worker, each signature re-derives the key from the seed (so no expanded secret key outlives
 * its call) and `engineMs` times keygen + sign, the same work the server reports as generationTime.
 */
import type { Engine } from '../../../engine/src/index.ts';
import {
  DILION,
  DILION_PID,
  dilionContextOf,
  dilionMessage,
  dilionPidMessage,
  MAX_CONTEXT_BYTES,
  MAX_SID_BYTES,
  signatureViews,
} from '../../../shared/dilion.ts';
import { fromBase64, fromHex, toBase64, toHex } from './bytes.ts';

/** A privacy identifier as sign responses carry it (docs/crypto/dilion.md §3.6). */
export interface PidCipherView {
  C1: string;
  C2: string;
  serviceKeyId: string;
  suite?: string;
}

/** The server's Dilion sign response, as the demo reads it; in-browser results have the same shape. */
export interface DilionSigned {
  algorithm: 'dilion';
  parameterSet: 'ML-DSA-65';
  signature: { encoded: string; c: number[]; z: number[]; pidCipher?: PidCipherView };
  publicKey: string;
  keyId: string;
  context: string;
  pidCipher: PidCipherView | 'N/A';
  pidOpening?: string;
  timestamp: string;
  /** In-browser results: engine time of keygen-from-seed + sign, in ms. */
  engineMs?: number;
}

export interface DilionVerified {
  valid: boolean;
  context: string;
  pidCipher?: PidCipherView | 'N/A';
  details?: { signatureValid: boolean; identity: 'match' | 'mismatch' | 'not_checked'; serviceKeyId: string | null; context: string };
  timestamp: string;
  /** In-browser results: engine time of verify, in ms. */
  engineMs?: number;
}

/** The same checks and sentences as the server's Dilion routes, so both sides refuse alike. */
function context(sid: string | undefined) {
  const ctx = dilionContextOf(sid || DILION.defaultSid);
  if (ctx.bytes.length > MAX_CONTEXT_BYTES) {
    throw new Error(`sid must be at most ${MAX_SID_BYTES} bytes of UTF-8 (the context is limited to 255 bytes).`);
  }
  return ctx;
}

function requireMessage(message: string): void {
  if (typeof message !== 'string' || message.length === 0) throw new Error('Message is required');
}

/** M for a signature: version 0x01 with its pidCipher bound in, else 0x00 (shared/dilion.ts builds both). */
function signedMessage(message: string, pidCipher: PidCipherView | 'N/A' | undefined): Uint8Array {
  if (!pidCipher || pidCipher === 'N/A') return dilionMessage(message);
  const c1 = decodeExact(pidCipher.C1, DILION_PID.c1Length, 'pidCipher.C1', 'an ML-KEM-768 ciphertext');
  const c2 = fromBase64(pidCipher.C2, 'pidCipher.C2');
  if (!DILION_PID.c2Lengths.includes(c2.length)) throw new Error(`pidCipher.C2 must be 80 or 272 bytes (got ${c2.length}).`);
  const skid = fromHex(pidCipher.serviceKeyId);
  if (skid?.length !== DILION_PID.serviceKeyIdLength) throw new Error('pidCipher.serviceKeyId must be 64 hex characters.');
  return dilionPidMessage(skid, c1, c2, message);
}

function decodeExact(base64: string, length: number, param: string, what: string): Uint8Array {
  const bytes = fromBase64(base64, param);
  if (bytes.length !== length) throw new Error(`${param} must be ${what} of ${length} bytes (got ${bytes.length}).`);
  return bytes;
}

export function createLocalDilion(engine: Engine, seed = crypto.getRandomValues(new Uint8Array(32))) {
  const mlDsa = engine.mlDsa65;
  const publicKeyBytes = mlDsa.keygen(seed).publicKey;
  const publicKey = toBase64(publicKeyBytes);
  // A recognisable id that says where the key lives, derived from the public key only.
  const keyId = `browser_${toHex(engine.sha3_256(publicKeyBytes)).slice(0, 16)}`;

  return {
    publicKey,
    keyId,

    /** Signs without a uid (M version 0x00): sealing one is the service's business, done on the server. */
    sign(message: string, sid?: string): DilionSigned & { engineMs: number } {
      requireMessage(message);
      const ctx = context(sid);
      const m = dilionMessage(message);
      const start = performance.now();
      const { secretKey } = mlDsa.keygen(seed);
      const signature = mlDsa.sign(m, secretKey, { context: ctx.bytes });
      const engineMs = performance.now() - start;
      secretKey.fill(0);
      return {
        algorithm: DILION.algorithm,
        parameterSet: DILION.parameterSet,
        signature: { encoded: toBase64(signature), ...signatureViews(signature, engine.mlDsa65) },
        publicKey,
        keyId,
        context: ctx.text,
        pidCipher: DILION.noPidCipher,
        timestamp: new Date().toISOString(),
        engineMs,
      };
    },

    /**
     * Verifies any Dilion signature, made here or by the server, with or without a bound uid. The uid
     * itself is not checked here (identity "not_checked"): that needs the service's key.
     */
    verify(message: string, signature: string | { encoded: string; pidCipher?: PidCipherView }, publicKeyBase64: string, sid?: string): DilionVerified & { engineMs: number } {
      requireMessage(message);
      const ctx = context(sid);
      const encoded = typeof signature === 'string' ? signature : signature.encoded;
      const pidCipher = typeof signature === 'string' ? undefined : signature.pidCipher;
      const sig = decodeExact(encoded, DILION.signatureLength, 'signature', 'an ML-DSA-65 signature');
      const pk = decodeExact(publicKeyBase64, DILION.publicKeyLength, 'publicKey', 'an ML-DSA-65 public key');
      const m = signedMessage(message, pidCipher);
      const start = performance.now();
      const valid = mlDsa.verify(pk, m, sig, { context: ctx.bytes });
      const engineMs = performance.now() - start;
      return {
        valid,
        context: ctx.text,
        pidCipher: pidCipher ?? DILION.noPidCipher,
        details: { signatureValid: valid, identity: 'not_checked', serviceKeyId: pidCipher?.serviceKeyId ?? null, context: ctx.text },
        timestamp: new Date().toISOString(),
        engineMs,
      };
    },
  };
}

export type LocalDilion = ReturnType<typeof createLocalDilion>;
