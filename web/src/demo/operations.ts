/**
 * Every demo operation, on the server (POST /api/demo/...) or in this browser (the engine worker),
 * returning the same shapes either way. The crypto tabs and the benchmark both call these, so the
 * benchmark measures exactly what the tabs do. A server call hands its answer's headers to
 * `onHeaders` when given (the benchmark reads the engine time from Server-Timing); a browser call has none.
 */
import { QES2_BY_MODE } from '../../../shared/schemes.ts';
import type { DilionSigned, DilionVerified } from '../workers/dilion-local.ts';
import type { Qes2Mode, Qes2Signed, Qes2Verified } from '../workers/qes2-local.ts';
import type { ZkProved, ZkProveInput, ZkVerified, ZkVerifyInput } from '../workers/zkfidna-local.ts';
import { engineWorker } from '../workers/engine.client.ts';
import type { Where } from './algorithms.ts';
import { postDemo, type HeadersSink } from './http.ts';

export type { DilionSigned, DilionVerified } from '../workers/dilion-local.ts';
export type { Qes2Mode, Qes2Signed, Qes2Verified } from '../workers/qes2-local.ts';
export type { ZkProved, ZkProveInput, ZkVerified, ZkVerifyInput } from '../workers/zkfidna-local.ts';

export interface DilionSignInput {
  message: string;
  uid?: string;
  sid?: string;
}

export interface DilionVerifyInput extends DilionSignInput {
  signature: DilionSigned['signature'] | string;
  publicKey: string;
}

/** Empty optional fields are left out: the server refuses an empty sid and treats absent as "default". */
function optional(input: { uid?: string; sid?: string }) {
  return { ...(input.uid ? { uid: input.uid } : {}), ...(input.sid ? { sid: input.sid } : {}) };
}

export function dilionSign(where: Where, input: DilionSignInput, onHeaders?: HeadersSink): Promise<DilionSigned> {
  if (where === 'browser') return engineWorker().dilionSign(input.message, input.sid || undefined);
  return postDemo('/api/demo/dilion/sign', { message: input.message, ...optional(input) }, onHeaders);
}

export function dilionVerify(where: Where, input: DilionVerifyInput, onHeaders?: HeadersSink): Promise<DilionVerified> {
  if (where === 'browser') {
    // The views stay here; a bound uid's pidCipher goes along, since M depends on it.
    const signature = typeof input.signature === 'string' ? input.signature : { encoded: input.signature.encoded, pidCipher: input.signature.pidCipher };
    return engineWorker().dilionVerify(input.message, signature, input.publicKey, input.sid || undefined);
  }
  return postDemo('/api/demo/dilion/verify', {
    message: input.message,
    signature: input.signature,
    publicKey: input.publicKey,
    ...optional(input),
  }, onHeaders);
}

export function qes2Sign(where: Where, mode: Qes2Mode, message: string, onHeaders?: HeadersSink): Promise<Qes2Signed> {
  if (where === 'browser') return engineWorker().qes2Sign(mode, message);
  return postDemo(`/api/demo/${QES2_BY_MODE[mode].apiPath}/sign`, { message }, onHeaders);
}

/**
 * The public key from the sign response goes along (the server would otherwise use the session's
 * default key), so either side verifies a signature made on the other.
 */
export function qes2Verify(
  where: Where,
  mode: Qes2Mode,
  message: string,
  signature: Qes2Signed['signature'] | string,
  publicKey: string,
  onHeaders?: HeadersSink,
): Promise<Qes2Verified> {
  if (where === 'browser') return engineWorker().qes2Verify(mode, message, signature, publicKey);
  return postDemo(`/api/demo/${QES2_BY_MODE[mode].apiPath}/verify`, { message, signature, publicKey }, onHeaders);
}

/**
 * Proving in the browser keeps X and Y on this device: the worker gets them and hands back the
 * proof, its public input and the openings; nothing is sent anywhere (docs/decisions/025).
 */
export function zkProve(where: Where, input: ZkProveInput, onHeaders?: HeadersSink): Promise<ZkProved> {
  if (where === 'browser') return engineWorker().zkProve(input);
  return postDemo('/api/demo/zk-fidna/prove', input, onHeaders);
}

/** Either side verifies a proof made on either: the proof object (views and attestation) and its public input. */
export function zkVerify(where: Where, input: ZkVerifyInput, onHeaders?: HeadersSink): Promise<ZkVerified> {
  if (where === 'browser') return engineWorker().zkVerify(input);
  return postDemo('/api/demo/zk-fidna/verify', input, onHeaders);
}
