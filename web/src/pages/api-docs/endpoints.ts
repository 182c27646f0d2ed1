/**
 * The public API endpoints the docs page documents (the list of docs/api.md §1), with their request fields.
 * endpoints.test.ts checks this list against the server's own /api/openapi.json both ways: every
 * served /api/crypto operation that takes an API key is here, and every one here that the server
 * serves has exactly these request fields. An entry a server does not serve (an older deployment)
 * is shown as "coming soon": the page reads the live OpenAPI document to decide.
 */

import { QES2_BY_MODE, QES2_MODES, SCHEME_IDS, type PerScheme, type Qes2Mode, type SchemeId } from '../../../../shared/schemes.ts';

export type AlgorithmTab = SchemeId;

export interface RequestField {
  name: string;
  required: boolean;
  description: string;
}

export interface DocumentedEndpoint {
  tab: AlgorithmTab;
  method: 'POST';
  path: string;
  summary: string;
  fields: RequestField[];
  returns: string;
}

/** Each scheme's tab on the docs page (a scheme without one fails to compile). */
const TAB_TEXT: PerScheme<{ label: string; name: string; blurb: string }> = {
  dilion: { label: 'Dilion Signatures', name: 'Dilion', blurb: 'ML-DSA-65 (FIPS 204) signatures bound to a service id.' },
  'qes2-ecdsa': { label: 'QES2 ECDSA', name: 'QES2 ECDSA', blurb: 'Hybrid ML-DSA-65 + ECDSA on secp256k1; both halves verified.' },
  'qes2-schnorr': { label: 'QES2 Schnorr', name: 'QES2 Schnorr', blurb: 'Hybrid ML-DSA-65 + BIP-340 Schnorr, for Taproot systems.' },
  'zk-fidna': { label: 'zk-FIDNA Proofs', name: 'zk-FIDNA', blurb: 'Zero-knowledge balance and range proofs (Bulletproofs).' },
};

export const TABS: { value: AlgorithmTab; label: string; name: string; blurb: string }[] = SCHEME_IDS.map((value) => ({ value, ...TAB_TEXT[value] }));

/** How the docs name each QES2 mode's secp256k1 half. */
const SECP_HALF: { readonly [M in Qes2Mode]: string } = { ecdsa: 'ECDSA (RFC 6979, low-S)', schnorr: 'BIP-340 Schnorr' };

const message = (what: string): RequestField => ({ name: 'message', required: true, description: `The text ${what}, as UTF-8.` });

function qes2(mode: Qes2Mode): DocumentedEndpoint[] {
  const half = SECP_HALF[mode];
  return [
    {
      tab: QES2_BY_MODE[mode].id,
      method: 'POST',
      path: `/api/crypto/${QES2_BY_MODE[mode].apiPath}/sign`,
      summary: `Sign with ML-DSA-65 and ${half} over one combined message`,
      fields: [
        message('to sign'),
        { name: 'context', required: false, description: "Application context (UTF-8, at most 255 bytes) bound into M'; default empty." },
        { name: 'keyId', required: false, description: `One of your ${QES2_BY_MODE[mode].keyAlgorithm} signing keys; default: your default key.` },
      ],
      returns: 'signature (3,373 bytes, base64: ML-DSA-65 ‖ secp256k1), publicKey, label, and the demo views.',
    },
    {
      tab: QES2_BY_MODE[mode].id,
      method: 'POST',
      path: `/api/crypto/${QES2_BY_MODE[mode].apiPath}/verify`,
      summary: 'Verify both halves of a QES2 signature',
      fields: [
        message('that was signed'),
        { name: 'signature', required: true, description: 'signature.encoded from the sign response (or the whole signature object).' },
        { name: 'publicKey', required: false, description: 'The composite public key from the sign response; default: your own default key of this mode.' },
        { name: 'context', required: false, description: 'The context used at signing; default empty.' },
      ],
      returns: 'valid: true only when the ML-DSA-65 half and the secp256k1 half both verify; details says which half failed.',
    },
  ];
}

export const ENDPOINTS: DocumentedEndpoint[] = [
  {
    tab: 'dilion',
    method: 'POST',
    path: '/api/crypto/dilion/sign',
    summary: 'Sign a message with Dilion (ML-DSA-65)',
    fields: [
      message('to sign'),
      { name: 'sid', required: false, description: 'Service id; the FIPS 204 context is "dilion/v1|" + sid. Default "default".' },
      { name: 'uid', required: false, description: 'End-user id (up to 255 bytes): sealed to the service’s ML-KEM-768 key and bound into the signature as pidCipher.' },
      { name: 'keyId', required: false, description: 'One of your platform-managed signing keys; default: your default key.' },
      { name: 'includePidOpening', required: false, description: 'With uid: also return pidOpening, which lets whoever you give it to check this signature’s uid.' },
    ],
    returns: 'signature.encoded (3,309 bytes, base64), publicKey (1,952 bytes), context, keyId, pidCipher (C1, C2, serviceKeyId, suite, or "N/A" without uid).',
  },
  {
    tab: 'dilion',
    method: 'POST',
    path: '/api/crypto/dilion/verify',
    summary: 'Verify a Dilion signature',
    fields: [
      message('that was signed'),
      { name: 'signature', required: true, description: 'signature.encoded from the sign response (or the whole signature object).' },
      { name: 'publicKey', required: true, description: 'The signer’s ML-DSA-65 public key, base64.' },
      { name: 'sid', required: false, description: 'The service id used at signing; default "default".' },
      { name: 'uid', required: false, description: 'The end-user id to check against pidCipher (checked for the service key’s owner, or with pidOpening).' },
      { name: 'pidCipher', required: false, description: 'pidCipher from the sign response (or inside the signature object); "N/A" or omitted without uid.' },
      { name: 'pidOpening', required: false, description: 'The signer’s pidOpening for this signature, to check the uid without the service key.' },
    ],
    returns: 'valid, and details: signatureValid, identity (match, mismatch or not_checked), serviceKeyId, context.',
  },
  ...QES2_MODES.flatMap(qes2),
  {
    tab: 'zk-fidna',
    method: 'POST',
    path: '/api/crypto/zk-fidna/prove',
    summary: 'Prove a statement about hidden amounts, attested with ML-DSA-65',
    fields: [
      { name: 'secretValue', required: true, description: 'X, the hidden amount: an integer ≥ 1, as a JSON number (up to 2^53 − 1) or a decimal string (up to 2^64 − 1).' },
      { name: 'balanceValue', required: false, description: 'Y, the hidden balance (≥ 0, same forms). Required except by range_proof with its own max.' },
      { name: 'circuitType', required: false, description: 'balance_proof (default): whether Y ≥ X (result 1) or not (result 0); range_proof: min ≤ X ≤ max; custom: X paid out of Y with change Y − X.' },
      { name: 'min', required: false, description: 'range_proof: the public lower bound of X; default 1.' },
      { name: 'max', required: false, description: 'range_proof: the public upper bound of X; default balanceValue, which then becomes public.' },
      { name: 'context', required: false, description: 'Bytes the proof is bound to (a transaction id, say), base64, at most 255 bytes; default empty.' },
      { name: 'keyId', required: false, description: 'One of your ML-DSA-65 signing keys to attest the proof; default: your default key.' },
    ],
    returns:
      'proof (encoded: 826 B for balance_proof with an empty context; the commitments, challenges and five response scalars as views; signature: the 3,309 B ML-DSA-65 attestation and its public key), publicInput (nothing secret), and openings for you alone (never stored).',
  },
  {
    tab: 'zk-fidna',
    method: 'POST',
    path: '/api/crypto/zk-fidna/verify',
    summary: 'Verify a zk-FIDNA proof and its attestation',
    fields: [
      { name: 'proof', required: true, description: 'proof.encoded from the prove response, or the whole proof object (its views must match; its signature is then checked too).' },
      { name: 'publicInput', required: false, description: 'The publicInput from the prove response (result, circuitType, and min, max, context when present). Send it, or publicSignals with circuitType.' },
      { name: 'publicSignals', required: false, description: 'publicInput without circuitType, for callers that keep the circuit apart.' },
      { name: 'circuitType', required: false, description: 'With publicSignals: the circuit of the proof.' },
    ],
    returns: 'valid, and details: structurallyValid, circuitValid, mathematicalCheck, positiveCheck, balanceCheck, and signatureCheck (null when no attestation was sent).',
  },
];

export function endpointsFor(tab: AlgorithmTab): DocumentedEndpoint[] {
  return ENDPOINTS.filter((e) => e.tab === tab);
}
