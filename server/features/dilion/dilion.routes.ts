/**
 * The crypto API's Dilion routes: public (API key, metered) and demo (no login, per-IP limit, not
 * metered). QES2 (qes2.ts) and zk-FIDNA plug into the same flow (crypto.flow.ts).
 */
import { IdempotencyHeaders } from '../../contract/common.ts';
import {
  DemoDilionSignRequest,
  DilionSignRequest,
  DilionSignResponse,
  DilionVerifyRequest,
  DilionVerifyResponse,
} from '../../contract/dilion.ts';
import type { AppContext } from '../../context.ts';
import { demoCall, demoResponses, meteredResponses, publicCall } from '../metering/crypto.flow.ts';
import { PRIVACY, VERIFY_ELSEWHERE } from './dilion.docs.ts';

const THIRD_PARTY = `${VERIFY_ELSEWHERE} ${PRIVACY}`;


export function dilionRoutes(ctx: AppContext): void {
  const { api, dilion } = ctx;

  api.route(
    {
      method: 'post', path: '/api/crypto/dilion/sign', tag: 'Dilion', auth: 'apiKey', body: DilionSignRequest, headers: IdempotencyHeaders,
      summary: 'Sign a message with Dilion (ML-DSA-65)', description: `Metered: one call. ${THIRD_PARTY}`,
      responses: { 200: { description: 'The signature and what a verifier needs', schema: DilionSignResponse }, ...meteredResponses },
    },
    ({ req, res, body }) =>
      publicCall(ctx, req, res, {
        operation: 'sign',
        prepare: (owner) => dilion.prepareSign(owner, body),
        run: (p, source) => dilion.runSign(p, source),
      }),
  );

  api.route(
    {
      method: 'post', path: '/api/crypto/dilion/verify', tag: 'Dilion', auth: 'apiKey', body: DilionVerifyRequest, headers: IdempotencyHeaders,
      summary: 'Verify a Dilion signature', description: `Metered: one call. valid is false for a well-formed signature that does not verify. ${THIRD_PARTY}`,
      responses: { 200: { description: 'The verdict', schema: DilionVerifyResponse }, ...meteredResponses },
    },
    ({ req, res, body }) =>
      publicCall(ctx, req, res, {
        operation: 'verify',
        prepare: (owner) => dilion.prepareVerify(owner, body),
        run: (p, source) => dilion.runVerify(p, source),
      }),
  );

  api.route(
    {
      method: 'post', path: '/api/demo/dilion/sign', tag: 'Demo', auth: 'session', body: DemoDilionSignRequest,
      summary: 'Demo: sign with this browser session’s key', description: `No login; not metered; rate-limited per address. ${THIRD_PARTY}`,
      before: [ctx.limits.demo],
      responses: { 200: { description: 'The signature', schema: DilionSignResponse }, ...demoResponses },
    },
    ({ req, res, body }) =>
      demoCall(ctx, req, res, {
        operation: 'sign',
        prepare: (owner) => dilion.prepareSign(owner, body),
        run: (p, source) => dilion.runSign(p, source),
      }),
  );

  api.route(
    {
      method: 'post', path: '/api/demo/dilion/verify', tag: 'Demo', auth: 'session', body: DilionVerifyRequest,
      summary: 'Demo: verify a Dilion signature', description: 'No login; not metered; rate-limited per address.',
      before: [ctx.limits.demo],
      responses: { 200: { description: 'The verdict', schema: DilionVerifyResponse }, ...demoResponses },
    },
    ({ req, res, body }) =>
      demoCall(ctx, req, res, {
        operation: 'verify',
        prepare: (owner) => dilion.prepareVerify(owner, body),
        run: (p, source) => dilion.runVerify(p, source),
      }),
  );
}
