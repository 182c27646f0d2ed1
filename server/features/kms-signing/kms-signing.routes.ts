/**
 * Signing by message type with one of the account's managed keys (docs/decisions/053), under
 * /api/v1/keys/:keyId: sign, verify (metered calls through crypto.flow.ts) and sign-batch (each
 * item metered on its own, through batch.flow.ts), with its own body limit (SIGN_BATCH_BODY_LIMIT_BYTES).
 */
import { MAX_BATCH_ITEMS } from '../../contract/batch.ts';
import { ErrorResponse, IdempotencyHeaders } from '../../contract/common.ts';
import { KmsSignBatchRequest, KmsSignBatchResponse, KmsSignItem, KmsSignResponse, KmsVerifyRequest, KmsVerifyResponse } from '../../contract/kms-signing.ts';
import { SigningKeyParams } from '../../contract/signing-keys.ts';
import type { AppContext } from '../../context.ts';
import { batchCall } from '../metering/batch.flow.ts';
import { meteredResponses, publicCall } from '../metering/crypto.flow.ts';
import { MESSAGE_LIMITS } from '../metering/message-limit.ts';
import { KmsSigningService } from './kms-signing.service.ts';

export const SIGN_BATCH_PATH = '/api/v1/keys/:keyId/sign-batch';
/** A sign batch's JSON body limit: 100 items of 4 KiB in base64 with room to spare; every other route keeps the app's 256 KiB. */
export const SIGN_BATCH_BODY_LIMIT_BYTES = 1024 * 1024;
/** A raw message in a batch item: small, so that 100 of them fit the body limit. */
export const BATCH_ITEM_MESSAGE_LIMIT = 4 * 1024;

const MODES = [
  'messageType raw: ML-DSA keys sign pure ML-DSA (FIPS 204 Algorithm 2) over the message bytes with the given context; QES2 keys the QES2 composite.',
  'digest: ML-DSA keys sign HashML-DSA (FIPS 204 §5.4) where message is the caller’s PH(M), 64 bytes (digestAlgorithm sha512, or shake256 with 512 bits of output); QES2 keys take SHA-512(M) (digestAlgorithm sha512), and the signature is the one of M itself.',
  'external-mu: ML-DSA keys sign the caller’s µ = SHAKE256(tr ‖ M′, 64) (FIPS 204 external µ), with tr from this answer or the key’s export; no context.',
  'Other combinations are refused (400 unsupported_message_type, naming the allowed ones).',
].join(' ');

export function kmsSigningRoutes(ctx: AppContext): void {
  const { api } = ctx;
  const kms = new KmsSigningService(ctx.pool, ctx.keyMaterials);
  const single = { prefix: '', rawLimit: MESSAGE_LIMITS.api };

  api.route(
    {
      method: 'post', path: '/api/v1/keys/:keyId/sign', tag: 'Managed keys', auth: 'apiKey', params: SigningKeyParams, body: KmsSignItem, headers: IdempotencyHeaders,
      summary: 'Sign a message, its digest or its µ with one of your signing keys',
      description: `Metered: one call. ${MODES}`,
      responses: { 200: { description: 'The signature, with the key’s tr', schema: KmsSignResponse }, ...meteredResponses },
    },
    ({ req, res, params, body }) =>
      publicCall(ctx, req, res, {
        operation: 'sign',
        prepare: async () => {
          const key = await kms.key(req.apiCaller!.userId, params.keyId);
          return { key, message: kms.message(key, body, single) };
        },
        run: (p, source) => kms.sign(p.key, p.message, source),
      }),
  );

  api.route(
    {
      method: 'post', path: '/api/v1/keys/:keyId/verify', tag: 'Managed keys', auth: 'apiKey', params: SigningKeyParams, body: KmsVerifyRequest, headers: IdempotencyHeaders,
      summary: 'Verify a signature of one of your signing keys, by message type',
      description: `Metered: one call. valid is false for a signature of the right length that does not verify. ${MODES}`,
      responses: { 200: { description: 'The verdict', schema: KmsVerifyResponse }, ...meteredResponses },
    },
    ({ req, res, params, body }) =>
      publicCall(ctx, req, res, {
        operation: 'verify',
        prepare: async () => {
          const key = await kms.key(req.apiCaller!.userId, params.keyId, body.keyVersion);
          return { key, message: kms.message(key, body, single), signature: kms.signature(key, body.signature) };
        },
        run: (p, source) => kms.verify(p.key, p.message, p.signature, source),
      }),
  );

  api.route(
    {
      method: 'post', path: SIGN_BATCH_PATH, tag: 'Managed keys', auth: 'apiKey', params: SigningKeyParams, body: KmsSignBatchRequest, headers: IdempotencyHeaders,
      summary: `Sign up to ${MAX_BATCH_ITEMS} messages, digests or µ values with one of your signing keys`,
      description:
        `Metered: one call per answered item. Each item is a sign body (raw messages up to 4 KiB); the body may be up to 1 MiB. ` +
        'Items are admitted in order, each on its own: an item refused by metering (usage_limit_reached, spending_limit_reached, ' +
        'overage_unpaid) or failed by the engine (engine_unavailable) is answered with its error and not charged. One Idempotency-Key ' +
        `covers the batch: a retry returns the same answer, charged once. ${MODES}`,
      responses: {
        200: { description: 'Each item by index, signed or refused, and how many were charged', schema: KmsSignBatchResponse },
        ...meteredResponses,
        413: { description: 'payload_too_large: the body is over 1 MiB; message_too_long: a raw item is over 4 KiB', schema: ErrorResponse },
      },
    },
    ({ req, res, params, body }) =>
      batchCall(ctx, req, res, {
        operation: 'sign',
        prepare: async (userId) => {
          const key = await kms.key(userId, params.keyId);
          const items = body.items.map((item, i) => kms.message(key, item, { prefix: `items.${i}.`, rawLimit: BATCH_ITEM_MESSAGE_LIMIT }));
          return { shared: key, items };
        },
        run: async (key, message, source) => {
          const { response, record } = await kms.sign(key, message, source);
          return { response: { messageType: response.messageType, signature: response.signature }, record };
        },
        answer: (key, results, charged) => ({ results, charged, keyId: key.material.keyId, keyVersion: key.material.version, algorithm: key.algorithm, tr: key.tr }),
      }),
  );
}
