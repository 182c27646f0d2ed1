/** The demo's four algorithms: ids as the benchmark select names them, labels as the tabs show them. */

export type AlgorithmId = 'dilion' | 'qes2-ecdsa' | 'qes2-schnorr' | 'zk-fidna';

export const ALGORITHMS: { id: AlgorithmId; label: string }[] = [
  { id: 'dilion', label: 'Dilion' },
  { id: 'qes2-ecdsa', label: 'QES2_ECDSA' },
  { id: 'qes2-schnorr', label: 'QES2_Schnorr' },
  { id: 'zk-fidna', label: 'zk-FIDNA' },
];

export const labelOf = (id: AlgorithmId) => ALGORITHMS.find((a) => a.id === id)!.label;

/** Where an operation runs: the platform's server, or the wasm engine in this tab's worker. */
export type Where = 'server' | 'browser';

/** Why an algorithm cannot run in the browser yet: said in the UI instead of faking a result. */
export const NOT_IN_BROWSER: Partial<Record<AlgorithmId, string>> = {
  'zk-fidna': 'zk-FIDNA does not run in the browser: the engine does not have it yet.',
};

export const whereText = (where: Where) => (where === 'server' ? 'on the server' : 'in this browser');
