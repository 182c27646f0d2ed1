/**
 * Signing with one of the account's managed keys by message type (docs/decisions/053): raw,
 * digest or external-mu, on ML-DSA-44/65/87 and QES2 keys. Split like the other crypto services so
 * metering sits between: `key` and `message` check what can be the caller's fault (the key is
 * theirs, the combination exists, the lengths are right) and throw 4xx; `sign` and `verify` do the
 * engine work and give the record. The record keeps what was sent, as base64: the message, or the
 * digest or µ (we never see their preimage); an account that keeps digests keeps the SHA-256 and
 * length of those bytes instead (operations/message-digest.ts).
 */
import type { z } from 'zod';
import { QES2_MODE_OF_KEY, SCHEMES, type SigningAlgorithm } from '../../../shared/schemes.ts';
import type { KmsSignResponse, KmsVerifyResponse, MESSAGE_TYPES } from '../../contract/kms-signing.ts';
import type { KmsDigestAlgorithm, KmsKeyKind, KmsMessage } from '../../engine/kms-tasks.ts';
import type { EnginePool } from '../../engine/pool.ts';
import { tenantOf } from '../../engine/tenant.ts';
import { AppError, badRequest } from '../../errors.ts';
import { newOperation, type OperationSource, type Recorded } from '../operations/operations.service.ts';
import { isMlDsa, mlDsaTr } from '../signing-keys/key-formats.ts';
import { recordedMaterial, type KeyMaterial, type KeyMaterials } from '../key-lifecycle/key-material.ts';

export type MessageType = (typeof MESSAGE_TYPES)[number];

/** A sign or verify request's message fields, as the contract parsed them (bytes still base64). */
export interface MessageFields {
  message: string;
  messageType: MessageType;
  digestAlgorithm?: KmsDigestAlgorithm | undefined;
  context?: string | undefined;
}

/** The caller's key, ready for the engine. */
export interface KmsKey {
  /** The version this call uses: the primary one to sign, the one named to verify (docs/decisions/056). */
  material: KeyMaterial;
  algorithm: SigningAlgorithm;
  kind: KmsKeyKind;
  /** ML-DSA: SHAKE256(pk, 64), base64; null for QES2. */
  tr: string | null;
}

/** Where a message's fields sit in the request, for the errors that name them ("items.3."). */
export interface FieldPlace {
  prefix: string;
  /** The most bytes a raw message may have here. */
  rawLimit: number;
}

const DIGEST_BYTES = 64;
const MU_BYTES = 64;
const MAX_CONTEXT = 255;
const LEVEL = { 'ML-DSA-44': 44, 'ML-DSA-65': 65, 'ML-DSA-87': 87 } as const;
const ML_DSA_SIGNATURE_BYTES = { 'ML-DSA-44': 2420, 'ML-DSA-65': 3309, 'ML-DSA-87': 4627 } as const;
const QES2_SIGNATURE_BYTES = SCHEMES['qes2-ecdsa'].sizes.signature;

/** What each kind of key accepts, as the 400 that refuses another combination lists it. */
const ALLOWED = {
  'ml-dsa': 'raw; digest with digestAlgorithm sha512 or shake256; external-mu',
  qes2: 'raw; digest with digestAlgorithm sha512',
} as const;

const base64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const bytesOf = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));

export class KmsSigningService {
  constructor(
    private readonly pool: EnginePool,
    private readonly keyMaterials: KeyMaterials,
  ) {}

  /**
   * The account's signing key with this id, whatever its algorithm; another account's key is a 404
   * like none, and the account's encryption key a 400 wrong_key_purpose (as crypto routes answer it).
   * A key that is not enabled is refused (key-material.ts); `version` names an older version to verify with.
   */
  async key(userId: string, keyId: string, version?: number): Promise<KmsKey> {
    const material = await this.keyMaterials.forKey({ userId }, keyId, { purpose: 'sign', ...(version === undefined ? {} : { version }) });
    const algorithm = material.algorithm as SigningAlgorithm;
    if (isMlDsa(algorithm)) return { material, algorithm, kind: { kind: 'ml-dsa', level: LEVEL[algorithm] }, tr: mlDsaTr(material.publicKey) };
    return { material, algorithm, kind: { kind: 'qes2', mode: QES2_MODE_OF_KEY[algorithm as keyof typeof QES2_MODE_OF_KEY] }, tr: null };
  }

  /** The message for the engine, or a 400 (413 for a raw message over the limit) naming the field to fix. */
  message(key: KmsKey, input: MessageFields, place: FieldPlace): KmsMessage {
    const { prefix } = place;
    const bytes = bytesOf(input.message);
    const context = input.context === undefined ? new Uint8Array(0) : bytesOf(input.context);
    const refuse = (what: string, param: string) =>
      badRequest('unsupported_message_type', `${what} A ${key.algorithm} key signs: ${ALLOWED[key.kind.kind]}.`, prefix + param);
    if (input.messageType !== 'digest' && input.digestAlgorithm !== undefined) {
      throw refuse(`digestAlgorithm goes only with messageType digest, not ${input.messageType}.`, 'digestAlgorithm');
    }
    if (context.length > MAX_CONTEXT) throw badRequest('context_too_long', `context must be at most ${MAX_CONTEXT} bytes (got ${context.length}).`, prefix + 'context');
    switch (input.messageType) {
      case 'raw':
        if (bytes.length > place.rawLimit) {
          throw new AppError(413, 'message_too_long', `message must be at most ${place.rawLimit.toLocaleString('en-US')} bytes (got ${bytes.length.toLocaleString('en-US')}): sign its digest instead (messageType digest).`, prefix + 'message');
        }
        return { type: 'raw', bytes, digestAlgorithm: null, context };
      case 'digest': {
        const digestAlgorithm = input.digestAlgorithm;
        if (digestAlgorithm === undefined) throw refuse('messageType digest needs digestAlgorithm: the hash that made the digest.', 'digestAlgorithm');
        if (key.kind.kind === 'qes2' && digestAlgorithm !== 'sha512') throw refuse(`QES2 signs SHA-512(M) only, not ${digestAlgorithm}.`, 'digestAlgorithm');
        exactly(bytes, DIGEST_BYTES, 'invalid_digest_length', `message must be the ${digestAlgorithm} digest PH(M) of ${DIGEST_BYTES} bytes`, prefix + 'message');
        return { type: 'digest', bytes, digestAlgorithm, context };
      }
      case 'external-mu':
        if (key.kind.kind === 'qes2') throw refuse('QES2 keys take no external µ.', 'messageType');
        if (input.context !== undefined) throw refuse('external-mu takes no context: µ already binds it.', 'context');
        exactly(bytes, MU_BYTES, 'invalid_mu_length', `message must be µ = SHAKE256(tr ‖ M′, 64) of ${MU_BYTES} bytes`, prefix + 'message');
        return { type: 'external-mu', bytes, digestAlgorithm: null, context };
    }
  }

  /** The signature to verify, or a 400 when its length cannot be this key's. */
  signature(key: KmsKey, encoded: string): Uint8Array {
    const signature = bytesOf(encoded);
    const expected = key.kind.kind === 'qes2' ? QES2_SIGNATURE_BYTES : ML_DSA_SIGNATURE_BYTES[key.algorithm as keyof typeof ML_DSA_SIGNATURE_BYTES];
    exactly(signature, expected, 'invalid_signature_length', `signature must be a ${key.algorithm} signature of ${expected} bytes`, 'signature');
    return signature;
  }

  async sign(key: KmsKey, message: KmsMessage, source: OperationSource): Promise<Recorded<z.infer<typeof KmsSignResponse>>> {
    const seed = key.material.seed();
    let result;
    try {
      result = await this.pool.run('kmsSign', { key: key.kind, seed, message }, tenantOf(source));
    } finally {
      seed.fill(0);
    }
    const signature = base64(result.signature);
    const record = newOperation(source, {
      operationType: 'sign',
      algorithm: key.algorithm,
      message: base64(message.bytes),
      signature: { encoded: signature },
      ...recordedMaterial(key.material),
      verified: false,
      metadata: metadataOf(message),
      signatureSize: result.signature.length,
      generationTime: result.elapsedMs,
      verificationTime: null,
    });
    return { response: { keyId: key.material.keyId, keyVersion: key.material.version, algorithm: key.algorithm, messageType: message.type, tr: key.tr, signature }, record };
  }

  async verify(key: KmsKey, message: KmsMessage, signature: Uint8Array, source: OperationSource): Promise<Recorded<z.infer<typeof KmsVerifyResponse>>> {
    const publicKey = bytesOf(key.material.publicKey);
    const { valid, elapsedMs } = await this.pool.run('kmsVerify', { key: key.kind, publicKey, message, signature }, tenantOf(source));
    const record = newOperation(source, {
      operationType: 'verify',
      algorithm: key.algorithm,
      message: base64(message.bytes),
      signature: { encoded: base64(signature) },
      ...recordedMaterial(key.material),
      verified: valid,
      metadata: metadataOf(message),
      signatureSize: signature.length,
      generationTime: null,
      verificationTime: elapsedMs,
    });
    return { response: { keyId: key.material.keyId, keyVersion: key.material.version, algorithm: key.algorithm, messageType: message.type, valid }, record };
  }
}

function exactly(bytes: Uint8Array, length: number, code: string, what: string, param: string): void {
  if (bytes.length !== length) throw badRequest(code, `${what} (got ${bytes.length}).`, param);
}

/** What the record says of the message beside it: its type, and that it is base64 of bytes (message-digest.ts). */
function metadataOf(message: KmsMessage): Record<string, unknown> {
  return {
    messageType: message.type,
    digestAlgorithm: message.digestAlgorithm,
    context: base64(message.context),
    messageEncoding: 'base64',
  };
}
