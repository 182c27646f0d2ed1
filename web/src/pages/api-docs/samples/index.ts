/** The code sample for each algorithm tab and language. */
import type { AlgorithmTab } from '../endpoints.ts';
import type { Language, SampleConfig } from './config.ts';
import { dilionCpp, dilionGo, dilionRust } from './dilion-compiled.ts';
import { dilionNode, dilionPython } from './dilion-scripts.ts';
import { qes2Node, qes2Python } from './qes2-scripts.ts';
import { twoStepSample, type TwoStepFlow } from './two-step.ts';

const DILION: Record<Language, (c: SampleConfig) => string> = {
  python: dilionPython,
  node: dilionNode,
  rust: dilionRust,
  cpp: dilionCpp,
  go: dilionGo,
};

const qes2 = (mode: 'ecdsa' | 'schnorr'): TwoStepFlow => ({
  first: { path: `/api/crypto/qes2/${mode}/sign`, body: [['message', 'Hybrid cryptographic message']] },
  second: {
    path: `/api/crypto/qes2/${mode}/verify`,
    body: [
      ['message', { literal: 'Hybrid cryptographic message' }],
      ['signature', { from: 'signature' }],
      ['publicKey', { from: 'publicKey' }],
    ],
  },
});

const ZK_FIDNA: TwoStepFlow = {
  first: {
    path: '/api/crypto/zk-fidna/prove',
    body: [
      ['secretValue', 650000],
      ['balanceValue', 21930000],
      ['circuitType', 'balance_proof'],
    ],
  },
  second: {
    path: '/api/crypto/zk-fidna/verify',
    body: [
      ['proof', { from: 'proof' }],
      ['publicInput', { from: 'publicInput' }],
    ],
  },
};

export function sampleFor(tab: AlgorithmTab, lang: Language, config: SampleConfig): string {
  switch (tab) {
    case 'dilion':
      return DILION[lang](config);
    case 'qes2-ecdsa':
    case 'qes2-schnorr': {
      const mode = tab === 'qes2-ecdsa' ? 'ecdsa' : 'schnorr';
      // Python and Node.js also check both halves offline; the compiled languages show the two calls.
      if (lang === 'python') return qes2Python(mode, config);
      if (lang === 'node') return qes2Node(mode, config);
      return twoStepSample(lang, config, qes2(mode));
    }
    case 'zk-fidna':
      return twoStepSample(lang, config, ZK_FIDNA);
  }
}
