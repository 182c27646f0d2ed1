/**
 * The demo's Performance Benchmark (docs/decisions/041): the controls and progress, the stat cards,
 * the two comparisons, the charts and their tables, and the results with the server's time split.
 */
export default {
  algorithm: 'Algorithm',
  count: 'Operations Count',
  start: 'Start Benchmark',
  noSimd: 'This browser lacks WebAssembly SIMD, so its side of the benchmark cannot run. Open this page in a current browser (Chrome or Edge 91+, Firefox 89+, Safari 16.4+).',
  stop: 'Stop Test',
  countError: 'Operation count must be between {{min}} and {{max}}',
  method: {
    zk: 'Each operation proves balance_proof for a random secret from 100 to 599 under a random balance from 1,000 to 5,999 and verifies the proof with its ML-DSA-65 attestation, once in this browser (the wasm engine in a Web Worker, an attestation key made in this tab: the amounts stay here) and once on the server, which picks its own amounts the same way. Before the run the worker proves and verifies {{rounds}} untimed statements, the first of which builds the generator tables.',
    signatures:
      'Each operation signs “Benchmark test N” and verifies the result, once in this browser (the wasm engine in a Web Worker, a key made in this tab) and once on the server (with this session’s demo key). Before the run the worker signs and verifies {{rounds}} untimed messages so the browser has optimised the engine, as a long-running server has.',
    server:
      'The server runs its operations {{batch}} at a time, one after another, in one call to POST /api/demo/benchmark each, which has its own limit: the run leaves the demo’s calls untouched. Browser times are wall-clock as this page sees them; server times are the server’s own, with HTTP shown apart; the engine times come from the worker and from the server’s answers.',
  },
  progress: {
    running: 'Running {{done}} of {{total}} ({{perSide}} per side) · last operation: browser {{browser}}, server {{server}}',
    label: 'Benchmark progress',
    waiting: 'Waiting {{seconds}} s: the server allows a limited number of benchmark calls a minute per address. The wait is not counted in any time.',
    afterRun: 'Charts and figures appear when the run ends: drawing them meanwhile would slow the operations being timed.',
  },
  /** An operation's steps, as table rows, chart lines and sentences name them. */
  steps: {
    sign: 'sign',
    prove: 'prove',
    verify: 'verify',
  },
  failed: 'failed',
  /** Why an operation failed, when the page found it out itself. */
  errors: {
    signature: 'The signature did not verify',
    proof: 'The proof did not verify',
    notUnderstood: 'The server’s benchmark answer was not understood',
  },
  stats: {
    labels: {
      size: 'Average size',
      generation: 'Generation time',
      verification: 'Verification time',
      average: 'Average time',
      perSecond: 'Operations / second',
      min: 'Min time',
      max: 'Max time',
    },
    inBrowser: 'In this browser',
    onServer: 'On the server',
    browser: 'Browser:',
    server: 'Server:',
  },
  beforeRun: {
    signatureSize: 'signature size',
    proofSize: 'balance_proof size with an empty context',
    publicKey: 'its public key is {{size}}',
    attestation: 'the ML-DSA-65 attestation adds {{size}} beside it',
    stored_one:
      'Before a run: times are the server engine’s averages over {{operations}} stored operation; the size is {{label}}’s exact {{what}} ({{beside}}). Min and max need a run. Start a benchmark to measure.',
    stored_other:
      'Before a run: times are the server engine’s averages over {{operations}} stored operations; the size is {{label}}’s exact {{what}} ({{beside}}). Min and max need a run. Start a benchmark to measure.',
    none: 'Before a run: no stored server operations yet, so no times; the size is {{label}}’s exact {{what}} ({{beside}}). Min and max need a run. Start a benchmark to measure.',
  },
  compare: {
    work: {
      dilion: {
        title: 'Dilion sign',
        what: 'Engine time of key derivation from the seed plus one hedged ML-DSA-65 signature, the median over the run.',
        hint: 'Run a Dilion benchmark to measure the browser.',
      },
      zk: {
        title: 'zk-FIDNA prove',
        what: 'Engine time of key derivation from the seed, one balance_proof (two aggregated 64-bit range proofs) and its ML-DSA-65 attestation, the median over the run.',
        hint: 'Run a zk-FIDNA benchmark to measure the browser.',
      },
    },
    engineTitle: '{{work}}: this browser vs Node',
    inBrowser: 'In this browser (wasm in a Web Worker)',
    node: 'Node (the server’s engine)',
    ratio: 'Ratio (target ≤ {{target}}×)',
    within: 'within target',
    above: 'above target',
    nodeSource: 'Node: {{source}}.',
    noNode: 'No server figure yet.',
    runAll_one: 'median of the engine times the server answered for this run’s {{count}} server {{step}} step',
    runAll_other: 'median of the engine times the server answered for this run’s {{count}} server {{step}} steps',
    runSome_one: 'median of the engine times the server answered for {{timed}} of this run’s {{count}} server {{step}} step',
    runSome_other: 'median of the engine times the server answered for {{timed}} of this run’s {{count}} server {{step}} steps',
    stored: 'average engine time of {{operations}} stored {{label}} operations (GET /api/crypto/performance)',
    perOperation: 'Per operation, as each side timed it',
    browserWorker: 'Browser worker ({{step}} + verify)',
    server: 'Server ({{step}} + verify)',
    serverOverBrowser: 'Server ÷ browser',
    averages:
      'Averages over successful operations: in the browser, two messages to the worker as this page timed them; on the server, its own time for both steps (its engine pool and the operation records), without the network, which “Where the server’s time goes” shows apart.',
  },
  charts: {
    browser: 'In this browser',
    browserSubtitle: 'Web Worker, wasm engine: ms per step',
    server: 'On the server',
    serverSubtitle: 'The server’s own time (POST /api/demo/benchmark): ms per step',
    empty: 'No operations yet.',
    axis: 'operation',
    tooltip: 'Operation {{index}}',
    caption: '{{title}}: ms per step of each operation',
    operation: 'Operation',
    stepMs: '{{step}} (ms)',
  },
  results: {
    heading: 'Results',
    stopped: 'Stopped early',
    lead: 'Total time is the sum of the operations’ own times: in the browser as this page timed the worker, on the server as the server timed itself. Pauses, HTTP and any rate-limit waits are left out.',
    browser: 'Browser (Web Worker)',
    server: 'Server (demo API)',
    totalOperations: 'Total operations',
    totalTime: 'Total time',
    successRate: 'Success rate',
    buckets: {
      fast: 'Fast (<200ms)',
      normal: 'Normal (200-500ms)',
      slow: 'Slow (>500ms)',
      failed: 'Failed',
    },
  },
  split: {
    heading: 'Where the server’s time goes',
    noSuccess: 'No server operation succeeded, so there is no server time to split.',
    noEngine: 'The server’s answers carried no engine time, so its time cannot be split here.',
    caption: 'Median ms per step on the server: the server’s time, the engine’s part and the rest',
    step: 'Step',
    server: 'Server',
    engine: 'Engine',
    rest: 'Rest',
    noEngineRow: 'no engine time in its answers',
    explain:
      'Server: the server’s own time for the step, from taking it up to its record committed; engine: the engine worker’s time for it; rest: the difference (handing the task to a worker and back, the key unsealed, the record written).',
    sameSize: 'Medians over the {{timed}} of {{succeeded}} successful operations whose answers carried it.',
    differentSize: 'Medians over the operations whose answers carried it: {{step}} {{signTimed}}, verify {{verifyTimed}}, of {{succeeded}} successful.',
    http_one:
      'The {{operations}} server operations ran in {{count}} call to POST /api/demo/benchmark. Each call’s round trip, as this page timed it, exceeded the server’s own time by a median <perCall>{{perCall}}</perCall> (network, HTTP, JSON): about <perOperation>{{perOperation}}</perOperation> per operation, not counted in the times above.',
    http_other:
      'The {{operations}} server operations ran in {{count}} calls to POST /api/demo/benchmark. Each call’s round trip, as this page timed it, exceeded the server’s own time by a median <perCall>{{perCall}}</perCall> (network, HTTP, JSON): about <perOperation>{{perOperation}}</perOperation> per operation, not counted in the times above.',
  },
} as const;
