/**
 * The zk-FIDNA routes: public (API key, metered, idempotent) and demo (no login, per-IP limit,
 * per-session keys, not metered), through the same flow as Dilion and QES2 (crypto.flow.ts).
 */
import { ErrorResponse, IdempotencyHeaders } from '../../contract/common.ts';
import { DemoZkProveRequest, ZkProveRequest, ZkProveResponse, ZkVerifyRequest, ZkVerifyResponse } from '../../contract/zkfidna.ts';
import type { AppContext } from '../../context.ts';
import { SCHEMES } from '../../../shared/schemes.ts';
import { demoCall, demoResponses, meteredResponses, publicCall } from '../metering/crypto.flow.ts';

const { apiPath } = SCHEMES['zk-fidna'];

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
