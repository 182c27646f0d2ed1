/**
 * The crypto API's Dilion routes: public (API key, metered) and demo (no login, per-IP limit, not
 * metered). QES2 (qes2.ts) and zk-FIDNA plug into the same flow (crypto.flow.ts).
 */
import { IdempotencyHeaders } from '../contract/common.ts';
import {
  DemoDilionSignRequest,
  DilionSignRequest,
  DilionSignResponse,
  DilionVerifyRequest,
  DilionVerifyResponse,
} from '../contract/dilion.ts';
import type { AppContext } from '../context.ts';
import { demoCall, demoResponses, meteredResponses, publicCall } from './crypto.flow.ts';
import { PRIVACY } from './service-keys.ts';

const THIRD_PARTY = `The signature is FIPS 204 ML-DSA-65 (pure, hedged) over M with context ctx = UTF-8(context) ("dilion/v1|" + sid). Without uid (pidCipher "N/A"), M = the byte 0x00 followed by the message's UTF-8 bytes. With uid, M = 0x01 ‖ serviceKeyId (32 bytes, hex-decoded) ‖ C1 (1,088) ‖ u16be(|C2|) ‖ C2 ‖ UTF-8(message), C1 and C2 base64-decoded from pidCipher. To check it with any FIPS 204 library: pk = base64-decode(publicKey), σ = base64-decode(signature.encoded); with @noble/post-quantum: ml_dsa65.verify(σ, M, pk, { context: ctx }); with OpenSSL 3.5+: pkeyutl -verify -rawin with the context-string parameter. ${PRIVACY}`;

export function cryptoRoutes(ctx: AppContext): void {
  const { api, crypto } = ctx;

  api.route(
    {
      method: 'post', path: '/api/crypto/dilion/sign', tag: 'Dilion', auth: 'apiKey', body: DilionSignRequest, headers: IdempotencyHeaders,
      summary: 'Sign a message with Dilion (ML-DSA-65)', description: `Metered: one call. ${THIRD_PARTY}`,
      responses: { 200: { description: 'The signature and what a verifier needs', schema: DilionSignResponse }, ...meteredResponses },
    },
    ({ req, res, body }) =>
      publicCall(ctx, req, res, {
        prepare: (owner) => crypto.prepareDilionSign(owner, body),
        run: (p, source) => crypto.runDilionSign(p, source),
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
        prepare: (owner) => crypto.prepareDilionVerify(owner, body),
        run: (p, source) => crypto.runDilionVerify(p, source),
      }),
  );

  api.route(
    {
      method: 'post', path: '/api/demo/dilion/sign', tag: 'Demo', auth: 'session', body: DemoDilionSignRequest,
      summary: 'Demo: sign with this browser session’s key', description: `No login; not metered; rate-limited per address. ${THIRD_PARTY}`,
      before: [ctx.limits.demo],
      responses: { 200: { description: 'The signature', schema: DilionSignResponse }, ...demoResponses },
    },
    ({ req, body }) =>
      demoCall(req, {
        prepare: (owner) => crypto.prepareDilionSign(owner, body),
        run: (p, source) => crypto.runDilionSign(p, source),
      }),
  );

  api.route(
    {
      method: 'post', path: '/api/demo/dilion/verify', tag: 'Demo', auth: 'session', body: DilionVerifyRequest,
      summary: 'Demo: verify a Dilion signature', description: 'No login; not metered; rate-limited per address.',
      before: [ctx.limits.demo],
      responses: { 200: { description: 'The verdict', schema: DilionVerifyResponse }, ...demoResponses },
    },
    ({ req, body }) =>
      demoCall(req, {
        prepare: (owner) => crypto.prepareDilionVerify(owner, body),
        run: (p, source) => crypto.runDilionVerify(p, source),
      }),
  );
}
