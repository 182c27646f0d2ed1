/**
 * QES2 sign and verify, split like Dilion's (dilion.service.ts) so metering sits between:
 * `prepare*` checks what can be the caller's fault (sizes, context, key ownership) and throws 4xx;
 * `run*` does the engine work and records the operation.
 */
import type { z } from 'zod';
import { QES2_SIGNATURE_LENGTH } from '../../../shared/qes2.ts';
import { QES2_BY_MODE, type Qes2Mode } from '../../../shared/schemes.ts';
import { checkMessageSize } from '../metering/message-limit.ts';
import { qes2Context, type Qes2ViewsOnServer } from './qes2.views.ts';
import type { Qes2SignRequest, Qes2SignResponse, Qes2VerifyRequest, Qes2VerifyResponse } from '../../contract/qes2.ts';
import type { EnginePool } from '../../engine/pool.ts';
import { tenantOf } from '../../engine/tenant.ts';
import { badRequest } from '../../errors.ts';
import { newOperation, type OperationSource, type Recorded } from '../operations/operations.service.ts';
import { recordedMaterial, type KeyMaterial, type KeyMaterials } from '../key-lifecycle/key-material.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.service.ts';

export interface PreparedQes2Sign {
  mode: Qes2Mode;
  key: KeyMaterial;
  message: string;
  context: string;
}

export interface PreparedQes2Verify {
  mode: Qes2Mode;
  message: string;
  context: string;
  publicKey: Uint8Array;
  signature: Uint8Array;
}

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
const base64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

export class Qes2Service {
  constructor(
    private readonly pool: EnginePool,
    private readonly keys: KeyMaterials,
    private readonly views: Qes2ViewsOnServer,
  ) {}

  async prepareSign(mode: Qes2Mode, owner: KeyOwner, input: z.infer<typeof Qes2SignRequest>): Promise<PreparedQes2Sign> {
    checkMessageSize(owner, input.message);
    const context = qes2Context(input.context).text;
    const { keyAlgorithm } = QES2_BY_MODE[mode];
    const key = input.keyId ? await this.keys.forKey(owner, input.keyId, { algorithm: keyAlgorithm }) : await this.keys.forDefault(owner, keyAlgorithm);
    return { mode, key, message: input.message, context };
  }

  async runSign(p: PreparedQes2Sign, source: OperationSource): Promise<Recorded<z.infer<typeof Qes2SignResponse>>> {
    const { id: algorithm, compositeLabel: label } = QES2_BY_MODE[p.mode];
    const seed = p.key.seed();
    let signed;
    try {
      signed = await this.pool.run('qes2Sign', { mode: p.mode, seed, message: utf8(p.message), context: qes2Context(p.context).bytes }, tenantOf(source));
    } finally {
      seed.fill(0);
    }
    const { signature, elapsedMs } = signed;
    const encoded = base64(signature);
    const record = newOperation(source, {
      operationType: 'sign',
      algorithm,
      message: p.message,
      signature: { encoded },
      ...recordedMaterial(p.key),
      verified: false,
      metadata: { label, context: p.context },
      signatureSize: signature.length,
      generationTime: elapsedMs,
      verificationTime: null,
    });
    const response = {
      algorithm,
      label,
      signature: { encoded, ...this.views.views(p.mode, signature, p.message) },
      publicKey: p.key.publicKey,
      keyId: p.key.keyId,
      keyVersion: p.key.version,
      context: p.context,
      timestamp: new Date().toISOString(),
    };
    return { response, record };
  }

  async prepareVerify(mode: Qes2Mode, owner: KeyOwner, input: z.infer<typeof Qes2VerifyRequest>): Promise<PreparedQes2Verify> {
    checkMessageSize(owner, input.message);
    const context = qes2Context(input.context).text;
    const byString = typeof input.signature === 'string';
    const encoded = typeof input.signature === 'string' ? input.signature : input.signature.encoded;
    const signature = new Uint8Array(Buffer.from(encoded, 'base64'));
    if (signature.length !== QES2_SIGNATURE_LENGTH) {
      throw badRequest(
        'invalid_signature_length',
        `${byString ? 'signature' : 'signature.encoded'} must be a QES2 signature of ${QES2_SIGNATURE_LENGTH} bytes (got ${signature.length}).`,
        byString ? 'signature' : 'signature.encoded',
      );
    }
    if (typeof input.signature !== 'string') this.views.check(mode, signature, input.signature);
    return { mode, message: input.message, context, publicKey: await this.publicKeyFor(mode, owner, input), signature };
  }

  async runVerify(p: PreparedQes2Verify, source: OperationSource): Promise<Recorded<z.infer<typeof Qes2VerifyResponse>>> {
    const { id: algorithm, compositeLabel: label } = QES2_BY_MODE[p.mode];
    const { valid, mlDsaValid, secp256k1Valid, elapsedMs } = await this.pool.run('qes2Verify', {
      mode: p.mode,
      publicKey: p.publicKey,
      message: utf8(p.message),
      signature: p.signature,
      context: qes2Context(p.context).bytes,
    }, tenantOf(source));
    const record = newOperation(source, {
      operationType: 'verify',
      algorithm,
      message: p.message,
      signature: { encoded: base64(p.signature) },
      publicKey: { encoded: base64(p.publicKey) },
      verified: valid,
      metadata: { label, context: p.context, mlDsaValid, secp256k1Valid },
      signatureSize: p.signature.length,
      generationTime: null,
      verificationTime: elapsedMs,
    });
    return { response: { valid, algorithm, context: p.context, details: { mlDsaValid, secp256k1Valid }, timestamp: new Date().toISOString() }, record };
  }

  /**
   * The key given; else the version of keyId named (its primary by default); else the caller's own
   * default key of this mode at its primary version (the product's demo verify sends none).
   */
  private async publicKeyFor(mode: Qes2Mode, owner: KeyOwner, input: z.infer<typeof Qes2VerifyRequest>): Promise<Uint8Array> {
    const { sizes, keyAlgorithm, modeName: name } = QES2_BY_MODE[mode];
    const publicKeyLength = sizes.publicKey;
    if (input.keyVersion !== undefined && input.keyId === undefined) throw badRequest('key_id_required', 'keyVersion names a version of keyId: send keyId too.', 'keyVersion');
    if (input.publicKey !== undefined && input.keyId !== undefined) throw badRequest('public_key_or_key_id', 'Send publicKey or keyId, not both.', 'keyId');
    const encoded = input.publicKey
      ?? (input.keyId !== undefined
        ? (await this.keys.forKey(owner, input.keyId, { algorithm: keyAlgorithm, version: input.keyVersion })).publicKey
        : (await this.keys.existingDefault(owner, keyAlgorithm))?.publicKey);
    if (encoded === undefined) {
      throw badRequest('public_key_required', `publicKey is required: you have no QES2 ${name} key yet, so give the signer's public key from the sign response.`, 'publicKey');
    }
    const bytes = new Uint8Array(Buffer.from(encoded, 'base64'));
    if (bytes.length !== publicKeyLength) {
      throw badRequest('invalid_public_key', `publicKey must be a QES2 ${name} public key of ${publicKeyLength} bytes (got ${bytes.length}).`, 'publicKey');
    }
    return bytes;
  }
}
