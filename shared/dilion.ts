/**
 * Dilion without a privacy identifier (docs/crypto/dilion.md §3), as plain code that
 * runs in Node and in a browser worker alike: the server and the web demo's in-browser signer both
 * build M and the context here, and derive the signature's "views" here, so a signature made on one
 * side verifies on the other by construction.
 *
 * FIPS 204 ML-DSA-65, pure mode, over M = 0x00 ‖ UTF-8(message) with context UTF-8("dilion/v1|" + sid).
 * The views the demo shows are c, the challenge polynomial SampleInBall(c̃), and z, the response
 * vector's 1,280 coefficients; the engine decodes them from the encoding, they are never trusted.
 */
import { DILION_CONTEXT_PREFIX, DILION_DEFAULT_SID, DILION_PID } from '../engine/src/dilion_format.ts';
import type { MlDsa } from '../engine/src/mldsa.ts';
import { fromBase64, fromHex, toBase64, toHex } from './bytes.ts';
import { SCHEMES } from './schemes.ts';

// The byte layouts (context, M, the privacy identifier's padding, info and aad) are the engine's,
// which imports nothing from shared/ (engine/layering.test.ts): the server and the demo use them
// from here, the engine's own Dilion from engine/src/dilion_format.ts, the same code.
export {
  DILION_PID,
  dilionContextOf,
  dilionMessage,
  dilionPidMessage,
  MAX_CONTEXT_BYTES,
  MAX_SID_BYTES,
  padUid,
  pidAad,
  pidInfo,
  utf8Length,
  type Sha3_256,
} from '../engine/src/dilion_format.ts';

export const DILION = {
  algorithm: SCHEMES.dilion.id,
  parameterSet: SCHEMES.dilion.keyAlgorithm,
  level: 65,
  publicKeyLength: SCHEMES.dilion.sizes.publicKey,
  signatureLength: SCHEMES.dilion.sizes.signature,
  contextPrefix: DILION_CONTEXT_PREFIX,
  defaultSid: DILION_DEFAULT_SID,
  /** pidCipher when no uid is bound (M's version byte 0x00). */
  noPidCipher: 'N/A',
} as const;

/** The engine's ML-DSA-65 (server or browser worker): it decodes c = SampleInBall(c̃) and z. */
export type SignatureDecoder = Pick<MlDsa, 'decodeSignature'>;

export interface SignatureViews {
  c: number[];
  z: number[];
}

/** The demo's views of a signature, decoded by the same wasm code that signs and verifies. */
export function signatureViews(signature: Uint8Array, mlDsa65: SignatureDecoder): SignatureViews {
  const parts = mlDsa65.decodeSignature(signature);
  return { c: numbersOf(parts.c), z: numbersOf(parts.z) };
}

/**
 * The views as JSON object members (`"c":[…],"z":[…]`), the text JSON.stringify(signatureViews())
 * gives, written by the engine itself (5 µs against 22 µs for JSON.stringify). The engine worker
 * that signs calls it, so the server's main thread does not serialize 1,536 numbers per answer.
 */
export function signatureViewsMembers(signature: Uint8Array, mlDsa65: Pick<MlDsa, 'decodeSignatureJson'>): string {
  return mlDsa65.decodeSignatureJson(signature);
}

/**
 * A typed array's values as a plain array. Filled by push, so V8 keeps it a packed array of small
 * integers: JSON.stringify writes that 2.5x faster than the holey array `new Array(n)` gives
 * (16 µs against 39 µs for a signature's 1,536 values), and every sign response carries one.
 */
export function numbersOf(values: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) out.push(values[i]!);
  return out;
}

/** A pidCipher as JSON carries it: base64 C1 and C2, hex serviceKeyId (docs/crypto/dilion.md §3.6). */
export interface PidCipherJson {
  C1: string;
  C2: string;
  serviceKeyId: string;
  suite?: string;
}

/** A pidCipher's bytes, as the engine takes them. */
export interface PidCipherParts {
  C1: Uint8Array;
  C2: Uint8Array;
  serviceKeyId: Uint8Array;
}

/** Why bytes sent in JSON are refused: a code, the field and a sentence saying what to fix. */
export interface WireProblem {
  code: string;
  param: string;
  message: string;
}

/**
 * The bytes of a pidCipher sent as JSON, each size checked (docs/crypto/dilion.md §4.1), or the
 * first problem, naming its field. The server and the browser's worker both read pidCiphers here.
 */
export function pidCipherFromJson(json: PidCipherJson, param: string): { value: PidCipherParts } | { problem: WireProblem } {
  const field = (name: 'C1' | 'C2') => {
    try {
      return fromBase64(json[name], `${param}.${name}`);
    } catch (error) {
      return (error as Error).message;
    }
  };
  const c1 = field('C1');
  if (typeof c1 === 'string' || c1.length !== DILION_PID.c1Length) {
    const got = typeof c1 === 'string' ? c1 : `${param}.C1 must be ${DILION_PID.c1Length} bytes (got ${c1.length}).`;
    return { problem: { code: 'invalid_pid_cipher', param: `${param}.C1`, message: got } };
  }
  const c2 = field('C2');
  if (typeof c2 === 'string' || !DILION_PID.c2Lengths.includes(c2.length)) {
    const got = typeof c2 === 'string' ? c2 : `${param}.C2 must be ${DILION_PID.c2Lengths.join(' or ')} bytes (got ${c2.length}).`;
    return { problem: { code: 'invalid_pid_cipher', param: `${param}.C2`, message: got } };
  }
  const skid = fromHex(json.serviceKeyId);
  if (skid?.length !== DILION_PID.serviceKeyIdLength) {
    return { problem: { code: 'invalid_pid_cipher', param: `${param}.serviceKeyId`, message: `${param}.serviceKeyId must be ${DILION_PID.serviceKeyIdLength * 2} hex characters.` } };
  }
  return { value: { C1: c1, C2: c2, serviceKeyId: skid } };
}

/** A pidCipher as responses carry it: with the suite named. */
export type PidCipherResponse = Required<PidCipherJson> & { suite: typeof DILION_PID.suite };

/** A pidCipher's bytes as sign responses carry them. */
export function pidCipherToJson(parts: PidCipherParts): PidCipherResponse {
  return { C1: toBase64(parts.C1), C2: toBase64(parts.C2), serviceKeyId: toHex(parts.serviceKeyId), suite: DILION_PID.suite };
}
