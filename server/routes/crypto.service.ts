/**
 * The crypto API's work, split in two so metering can sit between: `prepare*` checks everything that
 * can be the caller's fault (sizes, key ownership) and throws 4xx; `run*` does the engine work and
 * records the operation. A failure in `run*` is the platform's and is refunded by the caller.
 */
import type { z } from 'zod';
import { checkViews, DILION, dilionContext, dilionMessage, signatureViews } from '../algorithms/dilion.ts';
import type { DilionSignRequest, DilionSignResponse, DilionVerifyRequest, DilionVerifyResponse } from '../contract/dilion.ts';
import type { EnginePool } from '../engine/pool.ts';
import { badRequest } from '../errors.ts';
import type { OperationsService } from './operations.service.ts';
import type { KeyOwner, SigningKeyRow, SigningKeyService } from './signing-keys.service.ts';

/** Where an operation came from, for its record. */
export interface OperationSource {
  channel: 'api' | 'demo';
  userId: string | null;
  demoSessionId: string | null;
  apiKey: string | null;
}

export interface PreparedDilionSign {
  key: SigningKeyRow;
  message: string;
  sid: string;
  uidGiven: boolean;
}

export interface PreparedDilionVerify {
  message: string;
  sid: string;
  publicKey: Uint8Array;
  signature: Uint8Array;
}

function decodeBytes(base64: string, length: number, param: string, what: string, code: string): Uint8Array {
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  if (bytes.length !== length) {
    throw badRequest(code, `${param} must be ${what} of ${length} bytes (got ${bytes.length}).`, param);
  }
  return bytes;
}

export class CryptoService {
  constructor(
    private readonly pool: EnginePool,
    private readonly signingKeys: SigningKeyService,
    private readonly operations: OperationsService,
  ) {}

  async prepareDilionSign(owner: KeyOwner, input: z.infer<typeof DilionSignRequest>): Promise<PreparedDilionSign> {
    const sid = input.sid ?? DILION.defaultSid;
    dilionContext(sid);
    const key = input.keyId
      ? this.signingKeys.owned(owner, input.keyId, DILION.parameterSet)
      : await this.signingKeys.defaultKey(owner, DILION.parameterSet);
    return { key, message: input.message, sid, uidGiven: input.uid !== undefined };
  }

  async runDilionSign(p: PreparedDilionSign, source: OperationSource): Promise<z.infer<typeof DilionSignResponse>> {
    const context = dilionContext(p.sid);
    const seed = this.signingKeys.seedOf(p.key);
    const { signature, elapsedMs } = await this.pool.run('mlDsaSign', {
      level: DILION.level,
      seed,
      message: dilionMessage(p.message),
      context: context.bytes,
    });
    seed.fill(0);
    const encoded = Buffer.from(signature).toString('base64');
    const response = {
      algorithm: DILION.algorithm,
      parameterSet: DILION.parameterSet,
      signature: { encoded, ...signatureViews(signature) },
      publicKey: p.key.publicKey,
      keyId: p.key.id,
      context: context.text,
      pidCipher: DILION.noPidCipher,
      timestamp: new Date().toISOString(),
    };
    this.operations.record({
      ...source,
      operationType: 'sign',
      algorithm: DILION.algorithm,
      message: p.message,
      signature: { encoded },
      publicKey: { encoded: p.key.publicKey, keyId: p.key.id },
      verified: false,
      metadata: { parameterSet: DILION.parameterSet, context: context.text, sid: p.sid, pidCipher: DILION.noPidCipher, uidBound: false, uidGiven: p.uidGiven },
      signatureSize: signature.length,
      generationTime: elapsedMs,
      verificationTime: null,
    });
    return response;
  }

  prepareDilionVerify(input: z.infer<typeof DilionVerifyRequest>): PreparedDilionVerify {
    const sid = input.sid ?? DILION.defaultSid;
    dilionContext(sid);
    const encoded = typeof input.signature === 'string' ? input.signature : input.signature.encoded;
    const signatureParam = typeof input.signature === 'string' ? 'signature' : 'signature.encoded';
    const signature = decodeBytes(encoded, DILION.signatureLength, signatureParam, 'an ML-DSA-65 signature', 'invalid_signature_length');
    const publicKey = decodeBytes(input.publicKey, DILION.publicKeyLength, 'publicKey', 'an ML-DSA-65 public key', 'invalid_public_key');
    if (typeof input.signature !== 'string') checkViews(signature, input.signature);
    return { message: input.message, sid, publicKey, signature };
  }

  async runDilionVerify(p: PreparedDilionVerify, source: OperationSource): Promise<z.infer<typeof DilionVerifyResponse>> {
    const context = dilionContext(p.sid);
    const { valid, elapsedMs } = await this.pool.run('mlDsaVerify', {
      level: DILION.level,
      publicKey: p.publicKey,
      message: dilionMessage(p.message),
      signature: p.signature,
      context: context.bytes,
    });
    this.operations.record({
      ...source,
      operationType: 'verify',
      algorithm: DILION.algorithm,
      message: p.message,
      signature: { encoded: Buffer.from(p.signature).toString('base64') },
      publicKey: { encoded: Buffer.from(p.publicKey).toString('base64') },
      verified: valid,
      metadata: { parameterSet: DILION.parameterSet, context: context.text, sid: p.sid, pidCipher: DILION.noPidCipher },
      signatureSize: p.signature.length,
      generationTime: null,
      verificationTime: elapsedMs,
    });
    return {
      valid,
      algorithm: DILION.algorithm,
      parameterSet: DILION.parameterSet,
      context: context.text,
      pidCipher: DILION.noPidCipher,
      timestamp: new Date().toISOString(),
    };
  }
}
