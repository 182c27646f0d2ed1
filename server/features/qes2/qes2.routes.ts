/**
 * The QES2 routes, one set per mode: public (API key, metered, idempotent) and demo (no login,
 * per-IP limit, per-session keys, not metered), through the same flow as Dilion (crypto.flow.ts).
 */
import { QES2_BY_MODE, QES2_MODES, type Qes2Mode, type PerQes2Mode } from '../../../shared/schemes.ts';
import { IdempotencyHeaders } from '../../contract/common.ts';
import { DemoQes2SignRequest, Qes2SignRequest, Qes2SignResponse, Qes2VerifyRequest, Qes2VerifyResponse } from '../../contract/qes2.ts';
import type { AppContext } from '../../context.ts';
import { demoCall, demoResponses, meteredResponses, publicCall } from '../metering/crypto.flow.ts';

/** How a third party checks the secp256k1 half, per mode (with @noble/curves). */
const SECP_HALF: PerQes2Mode<string> = {
  ecdsa: [
    'ECDSA secp256k1 over the 32-byte digest SHA-256(M′): 64-byte compact r ‖ s, low-S',
    '(e.g. @noble/curves secp256k1.verify(sig, SHA-256(M′), pk, { prehash: false }))',
  ].join(' '),
  schnorr: 'BIP-340 Schnorr over m32 = SHA-256(M′) (e.g. @noble/curves schnorr.verify(sig, SHA-256(M′), pk))',
};

function thirdParty(mode: Qes2Mode): string {
  const { compositeLabel: label, sizes } = QES2_BY_MODE[mode];
  return [
    'QES2 is our own composite (docs/crypto/qes2.md in the repository), built byte for byte like',
    `draft-ietf-lamps-pq-composite-sigs with the private label "${label}"; it is not an IETF algorithm and has no OID.`,
    'M′ = "CompositeAlgorithmSignatures2025" ‖ Label ‖ len(ctx) (one byte) ‖ ctx ‖ SHA-512(UTF-8(message)),',
    'where ctx = UTF-8(context) (default empty, at most 255 bytes).',
    'signature.encoded (3,373 bytes) = ML-DSA-65 half (3,309) ‖ secp256k1 half (64);',
    `publicKey (${sizes.publicKey} bytes) = ML-DSA-65 key (1,952) ‖ secp256k1 key.`,
    "The ML-DSA-65 half is pure FIPS 204 over M′ with FIPS 204 context = the Label's ASCII bytes",
    '(@noble/post-quantum: ml_dsa65.verify(sigMl, M′, pkMl, { context: Label })).',
    `The secp256k1 half is ${SECP_HALF[mode]}. A QES2 verifier always checks both halves; valid is true only when both hold.`,
  ].join(' ');
}

export function qes2Routes(ctx: AppContext): void {
  const { api, qes2 } = ctx;

  for (const mode of QES2_MODES) {
    const { modeName: name, secpName, apiPath } = QES2_BY_MODE[mode];
    const tag = `QES2 ${name}`;
    const doc = thirdParty(mode);

    api.route(
      {
        method: 'post', path: `/api/crypto/${apiPath}/sign`, tag, auth: 'apiKey', body: Qes2SignRequest, headers: IdempotencyHeaders,
        summary: `Sign with QES2_${name} (ML-DSA-65 + ${secpName} on secp256k1)`,
        description: `Metered: one call. ${doc}`,
        responses: { 200: { description: 'The composite signature, its views and what a verifier needs', schema: Qes2SignResponse }, ...meteredResponses },
      },
      ({ req, res, body }) =>
        publicCall(ctx, req, res, {
          operation: 'sign',
          prepare: (owner) => qes2.prepareSign(mode, owner, body),
          run: (p, source) => qes2.runSign(p, source),
        }),
    );

    api.route(
      {
        method: 'post', path: `/api/crypto/${apiPath}/verify`, tag, auth: 'apiKey', body: Qes2VerifyRequest, headers: IdempotencyHeaders,
        summary: `Verify both halves of a QES2_${name} signature`,
        description: `Metered: one call. valid is false for a well-formed signature that does not verify; details says which half failed. ${doc}`,
        responses: { 200: { description: 'The verdict, per half', schema: Qes2VerifyResponse }, ...meteredResponses },
      },
      ({ req, res, body }) =>
        publicCall(ctx, req, res, {
          operation: 'verify',
          prepare: (owner) => qes2.prepareVerify(mode, owner, body),
          run: (p, source) => qes2.runVerify(p, source),
        }),
    );

    api.route(
      {
        method: 'post', path: `/api/demo/${apiPath}/sign`, tag: 'Demo', auth: 'session', body: DemoQes2SignRequest,
        summary: `Demo: sign with this browser session’s QES2_${name} key`, description: `No login; not metered; rate-limited per address. ${doc}`,
        before: [ctx.limits.demo],
        responses: { 200: { description: 'The composite signature', schema: Qes2SignResponse }, ...demoResponses },
      },
      ({ req, res, body }) =>
        demoCall(ctx, req, res, {
          operation: 'sign',
          prepare: (owner) => qes2.prepareSign(mode, owner, body),
          run: (p, source) => qes2.runSign(p, source),
        }),
    );

    api.route(
      {
        method: 'post', path: `/api/demo/${apiPath}/verify`, tag: 'Demo', auth: 'session', body: Qes2VerifyRequest,
        summary: `Demo: verify a QES2_${name} signature`,
        description: 'No login; not metered; rate-limited per address. Without publicKey, the session’s own key of this mode is used.',
        before: [ctx.limits.demo],
        responses: { 200: { description: 'The verdict, per half', schema: Qes2VerifyResponse }, ...demoResponses },
      },
      ({ req, res, body }) =>
        demoCall(ctx, req, res, {
          operation: 'verify',
          prepare: (owner) => qes2.prepareVerify(mode, owner, body),
          run: (p, source) => qes2.runVerify(p, source),
        }),
    );
  }
}
