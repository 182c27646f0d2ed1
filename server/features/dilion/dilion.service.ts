/**
 * The crypto API's work, split in two so metering can sit between: `prepare*` checks everything that
 * can be the caller's fault (sizes, key ownership) and throws 4xx; `run*` does the engine work and
 * records the operation. A failure in `run*` is the platform's and is refunded by the caller.
 */
import type { z } from 'zod';
import { DILION, DILION_PID, pidCipherToJson } from '../../../shared/dilion.ts';
import { checkMessageSize } from '../metering/message-limit.ts';
import { dilionContext, parsePidCipher, type DilionViews } from './dilion.views.ts';
import type { DilionSignRequest, DilionSignResponse, DilionVerifyRequest, DilionVerifyResponse } from '../../contract/dilion.ts';
import { base64Member, jsonMember, JsonBytes } from '../../http/raw-json.ts';
import type { EnginePool } from '../../engine/pool.ts';
import { tenantOf, type Tenant } from '../../engine/tenant.ts';
import { badRequest } from '../../errors.ts';
import type { IdentityCheck, PidService, PidSeal, ReceivedPidCipher } from './dilion-pid.service.ts';
import { encodedValue } from '../operations/encoded-bytes.ts';
import { newOperation, type OperationSource, type Recorded } from '../operations/operations.service.ts';
import { recordedMaterial, type KeyMaterial, type KeyMaterials } from '../key-lifecycle/key-material.ts';
import type { KeyOwner } from '../signing-keys/signing-keys.service.ts';

export interface PreparedDilionSign {
  key: KeyMaterial;
  message: string;
  sid: string;
  /** Set when a uid is bound (M version 0x01). */
  pid: PidSeal | null;
}

export interface PreparedDilionVerify {
  message: string;
  sid: string;
  publicKey: Uint8Array;
  signature: Uint8Array;
  pid: ReceivedPidCipher | null;
  identity: IdentityCheck | null;
}

type VerifyInput = z.infer<typeof DilionVerifyRequest>;

/** pidCipher comes at the top level or inside the signature object (the product's demo sends only the latter). */
function pidCipherOf(input: VerifyInput): ReceivedPidCipher | null {
  const inSignature = typeof input.signature === 'string' ? undefined : input.signature.pidCipher;
  const top = input.pidCipher;
  if (top !== undefined && inSignature !== undefined && JSON.stringify(top) !== JSON.stringify(inSignature)) {
    throw badRequest('pid_cipher_mismatch', 'pidCipher and signature.pidCipher differ: send one of them.', 'pidCipher');
  }
  const value = top ?? inSignature;
  if (value === undefined || value === 'N/A') return null;
  const bytes = parsePidCipher(value, top !== undefined ? 'pidCipher' : 'signature.pidCipher');
  return { json: { C1: value.C1, C2: value.C2, serviceKeyId: value.serviceKeyId, suite: DILION_PID.suite }, bytes };
}

function decodeBytes(base64: string, length: number, param: string, what: string, code: string): Uint8Array {
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  if (bytes.length !== length) {
    throw badRequest(code, `${param} must be ${what} of ${length} bytes (got ${bytes.length}).`, param);
  }
  return bytes;
}

export class DilionService {
  constructor(
    private readonly pool: EnginePool,
    private readonly keys: KeyMaterials,
    private readonly pids: PidService,
    private readonly views: DilionViews,
  ) {}

  async prepareSign(owner: KeyOwner, input: z.infer<typeof DilionSignRequest>): Promise<PreparedDilionSign> {
    checkMessageSize(owner, input.message);
    const sid = input.sid ?? DILION.defaultSid;
    dilionContext(sid);
    const key = input.keyId
      ? await this.keys.forKey(owner, input.keyId, { algorithm: DILION.parameterSet })
      : await this.keys.forDefault(owner, DILION.parameterSet);
    const pid = input.uid === undefined ? null : await this.pids.prepareSeal(owner, sid, input.uid, input.includePidOpening === true);
    return { key, message: input.message, sid, pid };
  }

  /** σ over M = 0x00 ‖ message, or with the uid sealed and bound (M = 0x01 ‖ …), by engine.dilion. */
  private async dilionSignature(p: PreparedDilionSign, tenant: Tenant) {
    const seed = p.key.seed();
    try {
      const pid = p.pid
        ? {
            uid: p.pid.uid,
            serviceKey: new Uint8Array(Buffer.from(p.pid.serviceKey.publicKey, 'base64')),
            serviceKeyId: new Uint8Array(Buffer.from(p.pid.serviceKey.keyId, 'hex')),
          }
        : null;
      const r = await this.pool.run('dilionSign', { seed, message: p.message, sid: p.sid, pid }, tenant);
      const pidCipher = r.pidCipher ? pidCipherToJson(r.pidCipher) : null;
      const opening = r.opening && p.pid?.includeOpening ? Buffer.from(r.opening).toString('base64') : null;
      return { signature: r.signature, views: r.views, elapsedMs: r.elapsedMs, pidCipher, opening };
    } finally {
      seed.fill(0);
    }
  }

  async runSign(p: PreparedDilionSign, source: OperationSource): Promise<Recorded<JsonBytes<z.infer<typeof DilionSignResponse>>>> {
    const context = dilionContext(p.sid);
    const { signature, views, elapsedMs, pidCipher, opening } = await this.dilionSignature(p, tenantOf(source));
    const signatureValue = encodedValue(signature);
    const encoded = signatureValue.encoded;
    // Written straight as bytes, every call (server/http/raw-json.ts: JsonBytes), in the members'
    // order of DilionSignResponse. The views come serialized from the worker that signed. The three
    // long base64 and view texts are pieces of their own, so none is copied into a joined string.
    const response = new JsonBytes<z.infer<typeof DilionSignResponse>>([
      `{${jsonMember('algorithm', DILION.algorithm)},${jsonMember('parameterSet', DILION.parameterSet)},"signature":{"encoded":"`,
      encoded,
      pidCipher ? `",${jsonMember('pidCipher', pidCipher)},` : '",',
      views,
      '},"publicKey":"',
      p.key.publicKey,
      `",${jsonMember('keyId', p.key.keyId)},${jsonMember('keyVersion', p.key.version)},${jsonMember('context', context.text)},${jsonMember('pidCipher', pidCipher ?? DILION.noPidCipher)}`,
      // Only when asked for.
      opening ? `,${base64Member('pidOpening', opening)}` : '',
      `,${jsonMember('timestamp', new Date().toISOString())}}`,
    ]);
    const record = newOperation(source, {
      operationType: 'sign',
      algorithm: DILION.algorithm,
      message: p.message,
      signature: signatureValue,
      ...recordedMaterial(p.key),
      verified: false,
      // Never the uid or the opening: the record shows that a uid is bound and to which service key.
      metadata: { parameterSet: DILION.parameterSet, context: context.text, sid: p.sid, uidBound: pidCipher !== null, serviceKeyId: pidCipher?.serviceKeyId ?? null },
      signatureSize: signature.length,
      generationTime: elapsedMs,
      verificationTime: null,
    });
    return { response, record };
  }

  async prepareVerify(owner: KeyOwner, input: VerifyInput): Promise<PreparedDilionVerify> {
    checkMessageSize(owner, input.message);
    const sid = input.sid ?? DILION.defaultSid;
    dilionContext(sid);
    const encoded = typeof input.signature === 'string' ? input.signature : input.signature.encoded;
    const signatureParam = typeof input.signature === 'string' ? 'signature' : 'signature.encoded';
    const signature = decodeBytes(encoded, DILION.signatureLength, signatureParam, 'an ML-DSA-65 signature', 'invalid_signature_length');
    const publicKey = decodeBytes(input.publicKey, DILION.publicKeyLength, 'publicKey', 'an ML-DSA-65 public key', 'invalid_public_key');
    if (typeof input.signature !== 'string') this.views.check(signature, input.signature);
    const pid = pidCipherOf(input);
    if (!pid && input.pidOpening !== undefined) {
      throw badRequest('pid_cipher_required', 'pidOpening needs the pidCipher it opens: send pidCipher from the sign response.', 'pidOpening');
    }
    const identity = pid ? await this.pids.prepareIdentity(owner, sid, pid, input.uid, input.pidOpening) : null;
    return { message: input.message, sid, publicKey, signature, pid, identity };
  }

  async runVerify(p: PreparedDilionVerify, source: OperationSource): Promise<Recorded<z.infer<typeof DilionVerifyResponse>>> {
    const context = dilionContext(p.sid);
    const tenant = tenantOf(source);
    const { valid: signatureValid, elapsedMs } = await this.pool.run('dilionVerify', {
      publicKey: p.publicKey,
      message: p.message,
      signature: p.signature,
      sid: p.sid,
      pidCipher: p.pid?.bytes ?? null,
    }, tenant);
    // An invalid signature answers nothing about the uid, so verify cannot be used as an opening oracle.
    const identity = signatureValid && p.pid && p.identity ? await this.pids.identity(p.identity, p.pid, p.sid, p.publicKey, p.message, tenant) : 'not_checked';
    const valid = signatureValid && identity !== 'mismatch';
    const pidCipher = p.pid?.json ?? DILION.noPidCipher;
    const serviceKeyId = p.pid?.json.serviceKeyId ?? null;
    const record = newOperation(source, {
      operationType: 'verify',
      algorithm: DILION.algorithm,
      message: p.message,
      signature: { encoded: Buffer.from(p.signature).toString('base64') },
      publicKey: { encoded: Buffer.from(p.publicKey).toString('base64') },
      verified: valid,
      metadata: { parameterSet: DILION.parameterSet, context: context.text, sid: p.sid, uidBound: p.pid !== null, serviceKeyId, signatureValid, identity },
      signatureSize: p.signature.length,
      generationTime: null,
      verificationTime: elapsedMs,
    });
    const response = {
      valid,
      algorithm: DILION.algorithm,
      parameterSet: DILION.parameterSet,
      context: context.text,
      pidCipher,
      details: { signatureValid, identity, serviceKeyId, context: context.text },
      timestamp: new Date().toISOString(),
    };
    return { response, record };
  }
}
