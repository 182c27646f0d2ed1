/**
 * Dilion (docs/crypto/dilion.md) on this device: the engine's own composition (engine.dilion, the
 * code the server's workers run) answering in the server contract's response shapes, so the demo
 * shows and sends either side's results the same way and a signature made here verifies there.
 *
 * The key pair is per tab: a random 32-byte seed drawn here, never sent anywhere. Like the server's
 * engine worker, each signature re-derives the key from the seed (so no expanded secret key outlives
 * its call) and `engineMs` times keygen + sign, the same work the server reports as generationTime.
 * Signing here binds no uid: sealing one needs the service's key, which lives on the server.
 */
import type { z } from 'zod';
import type { Engine } from '../../../engine/src/index.ts';
import type { DilionSignResponse, DilionVerifyResponse } from '../../../server/contract/dilion.ts';
import { fromBase64, toBase64, toHex } from '../../../shared/bytes.ts';
import {
  DILION,
  DILION_PID,
  dilionContextOf,
  MAX_CONTEXT_BYTES,
  MAX_SID_BYTES,
  pidCipherFromJson,
  signatureViews,
  type PidCipherJson,
  type PidCipherParts,
} from '../../../shared/dilion.ts';

/** A privacy identifier as sign responses carry it (docs/crypto/dilion.md §3.6). */
export type PidCipherView = PidCipherJson;

/** Results made here have the server's shape, plus the engine time of the work in ms. */
export type DilionSigned = z.infer<typeof DilionSignResponse> & { engineMs?: number };
export type DilionVerified = z.infer<typeof DilionVerifyResponse> & { engineMs?: number };

/** The same checks and sentences as the server's Dilion routes, so both sides refuse alike. */
function context(sid: string | undefined) {
  const ctx = dilionContextOf(sid || DILION.defaultSid);
  if (ctx.bytes.length > MAX_CONTEXT_BYTES) {
    throw new Error(`sid must be at most ${MAX_SID_BYTES} bytes of UTF-8 (the context is limited to 255 bytes).`);
  }
  return { sid: sid || DILION.defaultSid, ...ctx };
}

function requireMessage(message: string): void {
  if (typeof message !== 'string' || message.length === 0) throw new Error('Message is required');
}

function decodeExact(base64: string, length: number, param: string, what: string): Uint8Array {
  const bytes = fromBase64(base64, param);
  if (bytes.length !== length) throw new Error(`${param} must be ${what} of ${length} bytes (got ${bytes.length}).`);
  return bytes;
}

function pidCipherBytes(pidCipher: PidCipherView | 'N/A' | undefined): PidCipherParts | null {
  if (!pidCipher || pidCipher === 'N/A') return null;
  const parsed = pidCipherFromJson(pidCipher, 'pidCipher');
  if ('problem' in parsed) throw new Error(parsed.problem.message);
  return parsed.value;
}

export function createLocalDilion(engine: Engine, seed = crypto.getRandomValues(new Uint8Array(32))) {
  const publicKeyBytes = engine.mlDsa65.keygen(seed).publicKey;
  const publicKey = toBase64(publicKeyBytes);
  // A recognisable id that says where the key lives, derived from the public key only.
  const keyId = `browser_${toHex(engine.sha3_256(publicKeyBytes)).slice(0, 16)}`;

  return {
    publicKey,
    keyId,

    /** Signs without a uid (M version 0x00). */
    sign(message: string, sid?: string): DilionSigned & { engineMs: number } {
      requireMessage(message);
      const ctx = context(sid);
      const start = performance.now();
      const { secretKey } = engine.mlDsa65.keygen(seed);
      const { signature } = engine.dilion.sign(message, secretKey, { sid: ctx.sid });
      const engineMs = performance.now() - start;
      secretKey.fill(0);
      return {
        algorithm: DILION.algorithm,
        parameterSet: DILION.parameterSet,
        signature: { encoded: toBase64(signature), ...signatureViews(signature, engine.mlDsa65) },
        publicKey,
        keyId,
        // The browser's key never rotates: always its first version.
        keyVersion: 1,
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
      const sent = typeof signature === 'string' ? undefined : signature.pidCipher;
      const sig = decodeExact(encoded, DILION.signatureLength, 'signature', 'an ML-DSA-65 signature');
      const pk = decodeExact(publicKeyBase64, DILION.publicKeyLength, 'publicKey', 'an ML-DSA-65 public key');
      const pidCipher = pidCipherBytes(sent);
      const start = performance.now();
      const valid = engine.dilion.verify(pk, message, sig, { sid: ctx.sid, pidCipher: pidCipher && { ...pidCipher, suite: DILION_PID.suite } });
      const engineMs = performance.now() - start;
      const echoed = sent ? { C1: sent.C1, C2: sent.C2, serviceKeyId: sent.serviceKeyId, suite: DILION_PID.suite } : DILION.noPidCipher;
      return {
        valid,
        algorithm: DILION.algorithm,
        parameterSet: DILION.parameterSet,
        context: ctx.text,
        pidCipher: echoed,
        details: { signatureValid: valid, identity: 'not_checked', serviceKeyId: sent?.serviceKeyId ?? null, context: ctx.text },
        timestamp: new Date().toISOString(),
        engineMs,
      };
    },
  };
}

export type LocalDilion = ReturnType<typeof createLocalDilion>;
