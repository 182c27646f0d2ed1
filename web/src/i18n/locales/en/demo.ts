/**
 * The demo page (docs/decisions/041): the page itself, where operations run, the output blocks, and,
 * each a file of its own under demo/, the crypto tabs (Dilion, QES2, zk-FIDNA) and the benchmark.
 */
import tabs from './demo/tabs.ts';
import benchmark from './demo/benchmark.ts';

export default {
  title: 'Interactive demo',
  page: {
    heading: 'Post-quantum cryptography, live',
    lead: 'Sign and verify with Dilion and QES2, and prove with zk-FIDNA, on our server or right here in your browser, and measure both. No account needed.',
    tabs: 'Demo',
    operations: 'Crypto Operations',
    benchmark: 'Performance Benchmark',
    loading: 'Loading',
    algorithms: 'Algorithms',
  },
  /** Where an operation ran, as said inside the sentences below. */
  where: {
    server: 'on the server',
    browser: 'in this browser',
  },
  mode: {
    label: 'Run operations',
    runOn: 'Run on',
    proveOn: 'Prove zk-FIDNA on',
    server: 'Server',
    browser: 'This browser',
    help: {
      signatures: {
        server: 'Each operation is a call to the platform’s demo API, signed with this session’s demo key and recorded in your history.',
        browser:
          'The same WebAssembly engine runs in a Web Worker in this tab. The key pair is made here and no secret leaves your device; operations are not sent to the server unless you switch back to verify there.',
      },
      zk: {
        server:
          'The demo API receives X and Y, proves, and attests the proof with this session’s ML-DSA-65 key. It returns the openings to you alone and records only the proof and its public input; zero knowledge hides the amounts from verifiers, not from whoever proves.',
        browser:
          'zk-FIDNA proves in this browser unless you choose the server: the WebAssembly engine in a Web Worker commits to X and Y here and attests the proof with an ML-DSA-65 key made in this tab. X and Y never leave your device; the proof and its public input do only when you verify on the server.',
      },
    },
    keyName: {
      signatures: 'Dilion key',
      zk: 'attestation key',
    },
    ready: 'Engine ready · {{keyName}} {{keyId}}',
    failed: 'Engine failed to load: {{message}}',
    loading: 'Loading the engine…',
    noSimd: 'This browser cannot run the engine: it lacks WebAssembly SIMD. Operations run on the server; for this browser’s side, use a current browser (Chrome or Edge 91+, Firefox 89+, Safari 16.4+).',
    zkOwn: 'This choice is zk-FIDNA’s own: the signature tabs keep theirs.',
  },
  output: {
    empty: 'Nothing yet.',
    result: 'Verification result',
    notVerified: 'Not verified yet.',
  },
  format: {
    none: 'N/A',
    more: '[{{head}}, … {{rest}} more]',
    bytes: '{{value}} ({{bytes}} bytes)',
  },
  /** A call that got no answer at all (docs/product.md §8). */
  networkError: 'Network error',
  ...tabs,
  benchmark,
} as const;
