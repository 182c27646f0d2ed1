/**
 * The code sample for each algorithm tab and language that is generated with the reader's base URL
 * and key pair in it. The Dilion tab shows the repository's samples/ programs instead (files.ts).
 */
import { QES2_BY_MODE, SCHEMES, type Qes2Mode } from '../../../../../shared/schemes.ts';
import { ML_KEM_TAB, type AlgorithmTab } from '../endpoints.ts';
import { PLACEHOLDER_KEM_KEY_ID, type Language, type SampleConfig } from './config.ts';
import { qes2Node, qes2Python } from './qes2-scripts.ts';
import { twoStepSample, type TwoStepFlow } from './two-step.ts';
import { zkNode, zkPython } from './zk-scripts.ts';

/** The tab whose samples are the samples/ files rather than generated text. */
export const FILE_SAMPLE_TAB = 'dilion' satisfies AlgorithmTab;
export type GeneratedTab = Exclude<AlgorithmTab, typeof FILE_SAMPLE_TAB>;

const qes2 = (mode: Qes2Mode): TwoStepFlow => ({
  first: { path: `/api/v1/crypto/${QES2_BY_MODE[mode].apiPath}/sign`, body: [['message', 'Hybrid cryptographic message']] },
  second: {
    path: `/api/v1/crypto/${QES2_BY_MODE[mode].apiPath}/verify`,
    body: [
      ['message', { literal: 'Hybrid cryptographic message' }],
      ['signature', { from: 'signature' }],
      ['publicKey', { from: 'publicKey' }],
    ],
  },
});

const ZK_FIDNA: TwoStepFlow = {
  first: {
    path: '/api/v1/crypto/zk-fidna/prove',
    body: [
      ['secretValue', 650000],
      ['balanceValue', 21930000],
      ['circuitType', 'balance_proof'],
    ],
  },
  second: {
    path: '/api/v1/crypto/zk-fidna/verify',
    body: [
      ['proof', { from: 'proof' }],
      ['publicInput', { from: 'publicInput' }],
    ],
  },
};

/** HPKE seal then open with the account's ML-KEM-768 key: the plaintext comes back (docs/decisions/054). */
const mlKem = (keyId: string): TwoStepFlow => ({
  first: { path: `/api/v1/keys/${keyId}/seal`, body: [['plaintext', 'SGVsbG8sIE1MLUtFTQ=='], ['aad', 'b3JkZXItNDI=']] },
  second: {
    path: `/api/v1/keys/${keyId}/open`,
    body: [
      ['enc', { from: 'enc' }],
      ['ciphertext', { from: 'ciphertext' }],
      ['aad', { literal: 'b3JkZXItNDI=' }],
    ],
  },
  print: 'plaintext',
});

export function sampleFor(tab: GeneratedTab, lang: Language, config: SampleConfig): string {
  if (tab === ML_KEM_TAB) return twoStepSample(lang, config, mlKem(config.kemKeyId ?? PLACEHOLDER_KEM_KEY_ID));
  const scheme = SCHEMES[tab];
  switch (scheme.family) {
    case 'qes2': {
      const { mode } = scheme;
      // Python and Node.js also check both halves offline; the compiled languages show the two calls.
      if (lang === 'python') return qes2Python(mode, config);
      if (lang === 'node') return qes2Node(mode, config);
      return twoStepSample(lang, config, qes2(mode));
    }
    case 'zk-fidna':
      // Python and Node.js also check the openings and the attestation offline; the compiled languages show the two calls.
      if (lang === 'python') return zkPython(config);
      if (lang === 'node') return zkNode(config);
      return twoStepSample(lang, config, ZK_FIDNA);
  }
}
