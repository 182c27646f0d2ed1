/**
 * The zk-FIDNA routes: public (API key, metered, idempotent) and demo (no login, per-IP limit,
 * per-session keys, not metered), through the same flow as Dilion and QES2 (crypto.flow.ts); and
 * verify-batch (each item metered as a verify, through batch.flow.ts, all checked in one engine
 * task), with its own body limit (ZK_VERIFY_BATCH_BODY_LIMIT_BYTES).
 */
import { ErrorResponse, IdempotencyHeaders } from '../../contract/common.ts';
import { DemoZkProveRequest, ZK_VERIFY_BATCH_MAX, ZkProveRequest, ZkProveResponse, ZkVerifyBatchRequest, ZkVerifyBatchResponse, ZkVerifyRequest, ZkVerifyResponse } from '../../contract/zkfidna.ts';
import type { AppContext } from '../../context.ts';
import { SCHEMES } from '../../../shared/schemes.ts';
import { batchCall } from '../metering/batch.flow.ts';
import { demoCall, demoResponses, meteredResponses, publicCall } from '../metering/crypto.flow.ts';

const { apiPath } = SCHEMES['zk-fidna'];

export const ZK_VERIFY_BATCH_PATH = `/api/v1/crypto/${apiPath}/verify-batch`;
/**
 * A verify batch's JSON body limit: 64 items of the largest proof object (about 9 KiB in base64:
 * a 1.2 KB proof, its views, and an ML-DSA-65 key and signature) with room to spare; every other
 * route keeps the app's 256 KiB.
 */
export const ZK_VERIFY_BATCH_BODY_LIMIT_BYTES = 1024 * 1024;

const ABOUT = [
  'zk-FIDNA proves a statement about hidden amounts: balance_proof whether the balance Y covers the amount X',
  '(result 1) or not (result 0), range_proof that min ≤ X ≤ max, custom that X is paid out of Y with change Y − X.',
  'Amounts are Pedersen commitments on secp256k1 with an aggregated 64-bit Bulletproofs range proof (no trusted',
  'setup); the proof is attested by an ML-DSA-65 signature over its bytes (context "zk-fidna/v1"). Amounts are',
  'perfectly hidden; soundness rests on the discrete logarithm on secp256k1 (not post-quantum), the attestation is',
  'post-quantum. The byte layout is docs/crypto/zk-fidna.md in the repository.',
].join(' ');

const PRIVACY = [
  'The platform sees X and Y in this request, proves, and keeps neither: the operation record holds the proof and',
  'the public input only, and the openings (the blinding factors) are returned to you alone. To keep the amounts',
  'off the platform entirely, prove in your own process (the demo proves in the browser).',
].join(' ');

const falseStatement = { 422: { description: 'The statement is false (e.g. X outside [min, max]): there is nothing to prove', schema: ErrorResponse } };

export function zkFidnaRoutes(ctx: AppContext): void {
  const { api, zkFidna } = ctx;

  api.route(
    {
      method: 'post', path: `/api/crypto/${apiPath}/prove`, tag: 'zk-FIDNA', auth: 'apiKey', body: ZkProveRequest, headers: IdempotencyHeaders,
      summary: 'Prove a statement about hidden amounts', description: `Metered: one call. ${ABOUT} ${PRIVACY}`,
      responses: { 200: { description: 'The proof, its public input, and the openings', schema: ZkProveResponse }, ...meteredResponses, ...falseStatement },
    },
    ({ req, res, body }) =>
      publicCall(ctx, req, res, {
        operation: 'prove',
        prepare: (owner) => zkFidna.prepareProve(owner, body),
        run: (p, source) => zkFidna.runProve(p, source),
      }),
  );

  api.route(
    {
      method: 'post', path: `/api/crypto/${apiPath}/verify`, tag: 'zk-FIDNA', auth: 'apiKey', body: ZkVerifyRequest, headers: IdempotencyHeaders,
      summary: 'Verify a zk-FIDNA proof',
      description: `Metered: one call. valid is false for a well-formed proof that does not verify; details says which check failed. ${ABOUT}`,
      responses: { 200: { description: 'The verdict, per check', schema: ZkVerifyResponse }, ...meteredResponses },
    },
    ({ req, res, body }) =>
      publicCall(ctx, req, res, {
        operation: 'verify',
        prepare: () => zkFidna.prepareVerify(body),
        run: (p, source) => zkFidna.runVerify(p, source),
      }),
  );

  api.route(
    {
      method: 'post', path: ZK_VERIFY_BATCH_PATH, tag: 'zk-FIDNA', auth: 'apiKey', body: ZkVerifyBatchRequest, headers: IdempotencyHeaders, bodyLimit: ZK_VERIFY_BATCH_BODY_LIMIT_BYTES,
      summary: `Verify up to ${ZK_VERIFY_BATCH_MAX} zk-FIDNA proofs at once`,
      description:
        `Metered: one verify call per answered item. Each item is a verify body; the body may be up to 1 MiB. All the proofs are checked ` +
        'together (one multi-scalar multiplication with random weights); when that fails, each is checked alone, so every item is answered ' +
        'with its own valid and details: a bad proof does not hide the good ones. Items are admitted in order: an item refused by metering ' +
        '(usage_limit_reached, spending_limit_reached, overage_unpaid) or failed by the engine (engine_unavailable) is answered with its ' +
        'error and not charged. One Idempotency-Key covers the batch: a retry returns the same answer, charged once.',
      responses: {
        200: { description: 'Each item by index, its verdict or its error, and how many were charged', schema: ZkVerifyBatchResponse },
        ...meteredResponses,
        413: { description: 'payload_too_large: the body is over 1 MiB', schema: ErrorResponse },
      },
    },
    ({ req, res, body }) =>
      batchCall(ctx, req, res, {
        operation: 'verify',
        prepare: async () => ({ shared: null, items: zkFidna.prepareVerifyBatch(body) }),
        runAll: (_shared, items, source) => zkFidna.runVerifyBatch(items, source),
        answer: (_shared, results, charged) => ({ results, charged, algorithm: 'zk-fidna' as const, timestamp: new Date().toISOString() }),
      }),
  );

  api.route(
    {
      method: 'post', path: `/api/demo/${apiPath}/prove`, tag: 'Demo', auth: 'session', body: DemoZkProveRequest,
      summary: 'Demo: prove with this browser session’s attesting key', description: `No login; not metered; rate-limited per address. ${ABOUT}`,
      before: [ctx.limits.demo],
      responses: { 200: { description: 'The proof', schema: ZkProveResponse }, ...demoResponses, ...falseStatement },
    },
    ({ req, res, body }) =>
      demoCall(ctx, req, res, {
        operation: 'prove',
        prepare: (owner) => zkFidna.prepareProve(owner, body),
        run: (p, source) => zkFidna.runProve(p, source),
      }),
  );

  api.route(
    {
      method: 'post', path: `/api/demo/${apiPath}/verify`, tag: 'Demo', auth: 'session', body: ZkVerifyRequest,
      summary: 'Demo: verify a zk-FIDNA proof', description: 'No login; not metered; rate-limited per address.',
      before: [ctx.limits.demo],
      responses: { 200: { description: 'The verdict, per check', schema: ZkVerifyResponse }, ...demoResponses },
    },
    ({ req, res, body }) =>
      demoCall(ctx, req, res, {
        operation: 'verify',
        prepare: () => zkFidna.prepareVerify(body),
        run: (p, source) => zkFidna.runVerify(p, source),
      }),
  );
}
