/** The code sample for each algorithm tab and language. */
import { QES2_BY_MODE, SCHEMES, type Qes2Mode } from '../../../../../shared/schemes.ts';
import type { AlgorithmTab } from '../endpoints.ts';
import type { Language, SampleConfig } from './config.ts';
import { dilionCpp, dilionGo, dilionRust } from './dilion-compiled.ts';
import { dilionNode, dilionPython } from './dilion-scripts.ts';
import { qes2Node, qes2Python } from './qes2-scripts.ts';
import { twoStepSample, type TwoStepFlow } from './two-step.ts';
import { zkNode, zkPython } from './zk-scripts.ts';

const DILION: Record<Language, (c: SampleConfig) => string> = {
  python: dilionPython,
  node: dilionNode,
  rust: dilionRust,
  cpp: dilionCpp,
  go: dilionGo,
};

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

export function sampleFor(tab: AlgorithmTab, lang: Language, config: SampleConfig): string {
  const scheme = SCHEMES[tab];
  switch (scheme.family) {
    case 'dilion':
      return DILION[lang](config);
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
