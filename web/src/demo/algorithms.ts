/** The demo's algorithms: the scheme registry's ids (what the benchmark select sends) and labels (what the tabs show). */
import { SCHEME_IDS, SCHEMES, type SchemeId } from '../../../shared/schemes.ts';

export type AlgorithmId = SchemeId;

export const ALGORITHMS: { id: AlgorithmId; label: string }[] = SCHEME_IDS.map((id) => ({ id, label: SCHEMES[id].label }));

export const labelOf = (id: AlgorithmId) => SCHEMES[id].label;

/** Where an operation runs: the platform's server, or the wasm engine in this tab's worker. */
export type Where = 'server' | 'browser';

/** Why an algorithm cannot run in the browser yet: said in the UI instead of faking a result. */
export const NOT_IN_BROWSER: Partial<Record<AlgorithmId, string>> = {
  'zk-fidna': 'zk-FIDNA does not run in the browser: the engine does not have it yet.',
};

export const whereText = (where: Where) => (where === 'server' ? 'on the server' : 'in this browser');
