/** The demo's algorithms: the scheme registry's ids (what the benchmark select sends) and labels (what the tabs show). */
import { SCHEME_IDS, SCHEMES, type SchemeId } from '../../../shared/schemes.ts';
import { i18n } from '../i18n/index.ts';

export type AlgorithmId = SchemeId;

export const ALGORITHMS: { id: AlgorithmId; label: string }[] = SCHEME_IDS.map((id) => ({ id, label: SCHEMES[id].label }));

export const labelOf = (id: AlgorithmId) => SCHEMES[id].label;

/** Where an operation runs: the platform's server, or the wasm engine in this tab's worker. */
export type Where = 'server' | 'browser';

/** "on the server" or "in this browser", in the page's language, to go inside the demo's sentences. */
export const whereText = (where: Where) => i18n.t(`demo:where.${where}`);
