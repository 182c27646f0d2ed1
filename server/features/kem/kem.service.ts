/**
 * Encryption with an account's ML-KEM-768 keys (docs/decisions/054), split like the signing
 * services so metering sits between: `prepare` checks what can be the caller's fault (the key's
 * ownership and purpose, byte lengths) and throws 4xx; `run` does the engine work and returns the
 * answer with its record. A record holds sizes only: never a plaintext, shared secret or data key.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { DecapsulateResponse, EncapsulateResponse, GenerateDataKeyResponse, OpenResponse, SealResponse } from '../../contract/kem.ts';
import { HPKE_MAX_INPUT_BYTES } from '../../contract/kem.ts';
import type { EnginePool } from '../../engine/pool.ts';
import { tenantOf } from '../../engine/tenant.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { KemOperationType } from '../../../shared/managed-keys.ts';
import { newOperation, type NewOperation, type OperationSource, type Recorded } from '../operations/operations.service.ts';
import { recordedMaterial, type KeyMaterial, type KeyMaterials } from '../key-lifecycle/key-material.ts';

const ALGORITHM = 'ML-KEM-768';
const SUITE = { kemId: 0x0041, kdfId: 0x0001, aeadId: 0x0003 } as const;
/** FIPS 203 ML-KEM-768 ciphertext (and so HPKE enc) length, and the AEAD's tag. */
const CIPHERTEXT_BYTES = 1088;
const TAG_BYTES = 16;
const DATA_KEY_BYTES = 32;

const base64 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64');

/** A base64 field's bytes, or a 4xx naming it and the length it must have. */
function bytesOf(field: string, value: string | undefined, length: { exactly?: number; min?: number; max?: number }): Uint8Array {
  const bytes = new Uint8Array(Buffer.from(value ?? '', 'base64'));
  if (length.exactly !== undefined && bytes.length !== length.exactly) {
    throw badRequest('invalid_length', `${field} must be ${length.exactly} bytes (an ML-KEM-768 ciphertext), got ${bytes.length}.`, field);
  }
  if (length.min !== undefined && bytes.length < length.min) {
    throw badRequest('invalid_length', `${field} must hold at least the ${length.min}-byte tag, got ${bytes.length} bytes.`, field);
  }
  if (length.max !== undefined && bytes.length > length.max) {
    throw new AppError(413, 'input_too_long', `${field} must be at most ${length.max} bytes, got ${bytes.length}: split larger data, or seal a data key (generate-data-key) and encrypt the data with it.`, field);
  }
  return bytes;
}

interface HpkeInputs {
  info: Uint8Array;
  aad: Uint8Array;
}
const hpkeInputs = (input: { aad?: string | undefined; info?: string | undefined }): HpkeInputs => ({
  aad: bytesOf('aad', input.aad, { max: HPKE_MAX_INPUT_BYTES }),
  info: bytesOf('info', input.info, { max: HPKE_MAX_INPUT_BYTES }),
});

/** The checked inputs of each call, their lengths the caller's to fix. */
export const kemInputs = {
  decapsulate: (body: { ciphertext: string }) => ({ cipherText: bytesOf('ciphertext', body.ciphertext, { exactly: CIPHERTEXT_BYTES }) }),
  seal: (body: { plaintext: string; aad?: string | undefined; info?: string | undefined }) => ({
    plaintext: bytesOf('plaintext', body.plaintext, { max: HPKE_MAX_INPUT_BYTES }),
    ...hpkeInputs(body),
  }),
  open: (body: { enc: string; ciphertext: string; aad?: string | undefined; info?: string | undefined }) => ({
    enc: bytesOf('enc', body.enc, { exactly: CIPHERTEXT_BYTES }),
    cipherText: bytesOf('ciphertext', body.ciphertext, { min: TAG_BYTES, max: HPKE_MAX_INPUT_BYTES + TAG_BYTES }),
    ...hpkeInputs(body),
  }),
};

export interface PreparedKem<I = object> {
  /** The primary version to encrypt, the one named to decrypt (docs/decisions/056). */
  key: KeyMaterial;
  input: I;
}

export class KemService {
  constructor(
    private readonly pool: EnginePool,
    private readonly keyMaterials: KeyMaterials,
  ) {}

  /** The account's ML-KEM key and the call's checked inputs. */
  async prepare<I>(userId: string, keyId: string, input: () => I, version?: number): Promise<PreparedKem<I>> {
    const checked = input();
    const key = await this.keyMaterials.forKey({ userId }, keyId, { purpose: 'encrypt', ...(version === undefined ? {} : { version }) });
    return { key, input: checked };
  }

  async encapsulate(p: PreparedKem, source: OperationSource): Promise<Recorded<z.infer<typeof EncapsulateResponse>>> {
    const r = await this.pool.run('kemEncapsulate', { publicKey: this.publicKey(p.key) }, tenantOf(source));
    const response = { keyId: p.key.keyId, keyVersion: p.key.version, algorithm: ALGORITHM, ciphertext: base64(r.cipherText), sharedSecret: base64(r.sharedSecret) } as const;
    r.sharedSecret.fill(0);
    return { response, record: record(source, p.key, 'encapsulate', { ciphertextBytes: r.cipherText.length }, r.cipherText.length, r.elapsedMs) };
  }

  async decapsulate(p: PreparedKem<{ cipherText: Uint8Array }>, source: OperationSource): Promise<Recorded<z.infer<typeof DecapsulateResponse>>> {
    const seed = p.key.seed();
    try {
      const r = await this.pool.run('kemDecapsulate', { seed, cipherText: p.input.cipherText }, tenantOf(source));
      const response = { keyId: p.key.keyId, keyVersion: p.key.version, algorithm: ALGORITHM, sharedSecret: base64(r.sharedSecret) } as const;
      r.sharedSecret.fill(0);
      return { response, record: record(source, p.key, 'decapsulate', { ciphertextBytes: CIPHERTEXT_BYTES }, CIPHERTEXT_BYTES, r.elapsedMs) };
    } finally {
      seed.fill(0);
    }
  }

  async seal(p: PreparedKem<HpkeInputs & { plaintext: Uint8Array }>, source: OperationSource): Promise<Recorded<z.infer<typeof SealResponse>>> {
    const { plaintext, aad, info } = p.input;
    const r = await this.pool.run('hpkeSeal', { publicKey: this.publicKey(p.key), plaintext, aad, info }, tenantOf(source));
    const sizes = { plaintextBytes: plaintext.length, aadBytes: aad.length, infoBytes: info.length, encBytes: r.enc.length, ciphertextBytes: r.cipherText.length };
    const response = { keyId: p.key.keyId, keyVersion: p.key.version, algorithm: ALGORITHM, suite: SUITE, enc: base64(r.enc), ciphertext: base64(r.cipherText) } as const;
    return { response, record: record(source, p.key, 'seal', sizes, r.cipherText.length, r.elapsedMs) };
  }

  /** A ciphertext that does not authenticate is the caller's: 400 decryption_failed, not charged (the flow refunds a failed call). */
  async open(p: PreparedKem<HpkeInputs & { enc: Uint8Array; cipherText: Uint8Array }>, source: OperationSource): Promise<Recorded<z.infer<typeof OpenResponse>>> {
    const { enc, cipherText, aad, info } = p.input;
    const seed = p.key.seed();
    let r;
    try {
      r = await this.pool.run('hpkeOpen', { seed, enc, cipherText, aad, info }, tenantOf(source));
    } finally {
      seed.fill(0);
    }
    if (r.plaintext === null) {
      throw badRequest('decryption_failed', 'The ciphertext did not open with this key: check enc, ciphertext, aad and info are exactly those of the seal, and that it was sealed to this keyId.');
    }
    const response = { keyId: p.key.keyId, keyVersion: p.key.version, algorithm: ALGORITHM, plaintext: base64(r.plaintext) } as const;
    const sizes = { plaintextBytes: r.plaintext.length, aadBytes: aad.length, infoBytes: info.length, encBytes: enc.length, ciphertextBytes: cipherText.length };
    r.plaintext.fill(0);
    return { response, record: record(source, p.key, 'open', sizes, cipherText.length, r.elapsedMs) };
  }

  /** A fresh 256-bit key and the same key HPKE-sealed to the ML-KEM key (no aad, no info), as a KMS's GenerateDataKey. */
  async generateDataKey(p: PreparedKem, source: OperationSource): Promise<Recorded<z.infer<typeof GenerateDataKeyResponse>>> {
    const dataKey = new Uint8Array(randomBytes(DATA_KEY_BYTES));
    try {
      const empty = new Uint8Array(0);
      const r = await this.pool.run('hpkeSeal', { publicKey: this.publicKey(p.key), plaintext: dataKey, aad: empty, info: empty }, tenantOf(source));
      const response = {
        keyId: p.key.keyId, keyVersion: p.key.version, algorithm: ALGORITHM, suite: SUITE, plaintext: base64(dataKey), sealed: { enc: base64(r.enc), ciphertext: base64(r.cipherText) },
      } as const;
      const sizes = { plaintextBytes: DATA_KEY_BYTES, encBytes: r.enc.length, ciphertextBytes: r.cipherText.length };
      return { response, record: record(source, p.key, 'generate-data-key', sizes, r.cipherText.length, r.elapsedMs) };
    } finally {
      dataKey.fill(0);
    }
  }

  private publicKey(key: KeyMaterial): Uint8Array {
    return new Uint8Array(Buffer.from(key.publicKey, 'base64'));
  }
}

/** Encrypting times are the record's generation time, decrypting ones its verification time (the columns the history shows). */
const DECRYPTING: ReadonlySet<KemOperationType> = new Set(['decapsulate', 'open']);

function record(source: OperationSource, key: KeyMaterial, operationType: KemOperationType, sizes: Record<string, number>, size: number, elapsedMs: number): NewOperation {
  const decrypting = DECRYPTING.has(operationType);
  return newOperation(source, {
    operationType,
    algorithm: ALGORITHM,
    message: '',
    signature: {},
    ...recordedMaterial(key),
    verified: false,
    metadata: sizes,
    signatureSize: size,
    generationTime: decrypting ? null : elapsedMs,
    verificationTime: decrypting ? elapsedMs : null,
  });
}
