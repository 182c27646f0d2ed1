/**
 * The managed-key sample: sign a document's SHA-512 digest with one of your signing keys, then
 * verify it, in the five languages (the two-call flow of two-step.ts). The document never leaves
 * the caller: only its digest is sent.
 */
import type { Language, SampleConfig } from './config.ts';
import { twoStepSample } from './two-step.ts';

/** Shown on the page; a reader puts one of their key ids (kid_…, from the dashboard) here. */
export const PLACEHOLDER_SIGNING_KEY = 'kid_yourSigningKeyIdHere00';

/** SHA-512("Hybrid cryptographic message"), base64: what a caller computes from its document. */
export const SAMPLE_DIGEST = 'vZAUCwOIrEvrSbWiKJQIv23lMuEjUQ4olay4jCtHv3n0OT5MGkCRfP5Bj/YiT5FNnoKQqrtlrrBQdHT/PswA3w==';

export function keySample(lang: Language, config: SampleConfig, keyId: string = PLACEHOLDER_SIGNING_KEY): string {
  return twoStepSample(lang, config, {
    first: {
      path: `/api/v1/keys/${keyId}/sign`,
      body: [['messageType', 'digest'], ['digestAlgorithm', 'sha512'], ['message', SAMPLE_DIGEST]],
    },
    second: {
      path: `/api/v1/keys/${keyId}/verify`,
      body: [
        ['messageType', { literal: 'digest' }],
        ['digestAlgorithm', { literal: 'sha512' }],
        ['message', { literal: SAMPLE_DIGEST }],
        ['signature', { from: 'signature' }],
      ],
    },
  });
}
