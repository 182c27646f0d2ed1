/**
 * Encryption with an account's ML-KEM-768 keys (docs/api.md §7.4; docs/decisions/054): metered
 * API-key calls through crypto.flow.ts, each restricted-key operation `encrypt` (the public side)
 * or `decrypt` (the secret side). The secret key never leaves the server.
 */
import { IdempotencyHeaders } from '../../contract/common.ts';
import {
  DecapsulateRequest, DecapsulateResponse, EncapsulateRequest, EncapsulateResponse, GenerateDataKeyRequest, GenerateDataKeyResponse,
  OpenRequest, OpenResponse, SealRequest, SealResponse,
} from '../../contract/kem.ts';
import { ManagedKeyParams } from '../../contract/keys.ts';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/route.ts';
import { meteredResponses, publicCall } from '../metering/crypto.flow.ts';
import { kemInputs } from './kem.service.ts';

const SUITE_TEXT = 'RFC 9180 HPKE, base mode, single shot: KEM ML-KEM-768 (0x0041), KDF HKDF-SHA256 (0x0001), AEAD ChaCha20-Poly1305 (0x0003).';

const kemResponses = {
  ...meteredResponses,
  ...errorResponses({
    400: 'validation_error; invalid_length (a ciphertext or enc of the wrong size); wrong_key_purpose (keyId is a signing key)',
    404: 'key_not_found: keyId is not one of your keys',
    413: 'input_too_long: plaintext, ciphertext, aad or info over 4 KiB',
  }),
};

export function kemRoutes(ctx: AppContext): void {
  const { api, kem } = ctx;
  const tag = 'Encryption (ML-KEM-768)';
  const metered = 'Metered: one call. Idempotency-Key is accepted; a stored answer is sealed like every stored answer (docs/api.md §5.3).';

  api.route(
    {
      method: 'post', path: '/api/v1/keys/:keyId/encapsulate', tag, auth: 'apiKey', params: ManagedKeyParams, body: EncapsulateRequest, headers: IdempotencyHeaders,
      summary: 'Encapsulate a fresh shared secret to an ML-KEM-768 key',
      description: `${metered} FIPS 203 ML-KEM.Encaps to the key’s encapsulation key: anyone holding the exported public key can do the same locally. API-key operation: encrypt.`,
      responses: { 200: { description: 'The ciphertext and the 32-byte shared secret it carries', schema: EncapsulateResponse }, ...kemResponses },
    },
    ({ req, res, params }) =>
      publicCall(ctx, req, res, {
        operation: 'encrypt',
        prepare: (owner) => kem.prepare(ownerId(owner), params.keyId, () => ({})),
        run: (p, source) => kem.encapsulate(p, source),
      }),
  );

  api.route(
    {
      method: 'post', path: '/api/v1/keys/:keyId/decapsulate', tag, auth: 'apiKey', params: ManagedKeyParams, body: DecapsulateRequest, headers: IdempotencyHeaders,
      summary: 'Decapsulate an ML-KEM-768 ciphertext with the key',
      description: `${metered} FIPS 203 ML-KEM.Decaps with implicit rejection: an altered ciphertext answers 200 with a different, pseudorandom secret. API-key operation: decrypt.`,
      responses: { 200: { description: 'The 32-byte shared secret', schema: DecapsulateResponse }, ...kemResponses },
    },
    ({ req, res, params, body }) =>
      publicCall(ctx, req, res, {
        operation: 'decrypt',
        prepare: (owner) => kem.prepare(ownerId(owner), params.keyId, () => kemInputs.decapsulate(body), body.keyVersion),
        run: (p, source) => kem.decapsulate(p, source),
      }),
  );

  api.route(
    {
      method: 'post', path: '/api/v1/keys/:keyId/seal', tag, auth: 'apiKey', params: ManagedKeyParams, body: SealRequest, headers: IdempotencyHeaders,
      summary: 'Encrypt up to 4 KiB to the key with HPKE',
      description: `${metered} ${SUITE_TEXT} Any RFC 9180 implementation with this suite opens the result with the key pair. API-key operation: encrypt.`,
      responses: { 200: { description: 'enc and the ciphertext', schema: SealResponse }, ...kemResponses },
    },
    ({ req, res, params, body }) =>
      publicCall(ctx, req, res, {
        operation: 'encrypt',
        prepare: (owner) => kem.prepare(ownerId(owner), params.keyId, () => kemInputs.seal(body)),
        run: (p, source) => kem.seal(p, source),
      }),
  );

  api.route(
    {
      method: 'post', path: '/api/v1/keys/:keyId/open', tag, auth: 'apiKey', params: ManagedKeyParams, body: OpenRequest, headers: IdempotencyHeaders,
      summary: 'Decrypt an HPKE ciphertext sealed to the key',
      description: `${metered} ${SUITE_TEXT} A ciphertext that does not authenticate (another key, altered bytes, other aad or info) is 400 decryption_failed and is not charged. API-key operation: decrypt.`,
      responses: {
        200: { description: 'The plaintext', schema: OpenResponse },
        ...kemResponses,
        ...errorResponses({ 400: 'decryption_failed: the ciphertext did not open; validation_error; invalid_length; wrong_key_purpose' }),
      },
    },
    ({ req, res, params, body }) =>
      publicCall(ctx, req, res, {
        operation: 'decrypt',
        prepare: (owner) => kem.prepare(ownerId(owner), params.keyId, () => kemInputs.open(body), body.keyVersion),
        run: (p, source) => kem.open(p, source),
      }),
  );

  api.route(
    {
      method: 'post', path: '/api/v1/keys/:keyId/generate-data-key', tag, auth: 'apiKey', params: ManagedKeyParams, body: GenerateDataKeyRequest, headers: IdempotencyHeaders,
      summary: 'A fresh 256-bit data key, and the same key sealed to the ML-KEM key',
      description: `${metered} Like a KMS’s GenerateDataKey: encrypt your data with plaintext, store sealed beside it, and get the key back with POST …/open. ${SUITE_TEXT} API-key operation: encrypt.`,
      responses: { 200: { description: 'The data key, plain and sealed', schema: GenerateDataKeyResponse }, ...kemResponses },
    },
    ({ req, res, params }) =>
      publicCall(ctx, req, res, {
        operation: 'encrypt',
        prepare: (owner) => kem.prepare(ownerId(owner), params.keyId, () => ({})),
        run: (p, source) => kem.generateDataKey(p, source),
      }),
  );
}

/** Metered calls are always an account's (crypto.flow.ts prepares with { userId }). */
function ownerId(owner: { userId: string } | { demoSessionId: string }): string {
  if (!('userId' in owner)) throw new Error('ML-KEM keys belong to accounts; no demo route calls them');
  return owner.userId;
}
