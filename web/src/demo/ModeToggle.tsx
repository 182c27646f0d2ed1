/**
 * Server or this browser: where the crypto tabs run their operations. Signatures and zk-FIDNA keep
 * separate choices (docs/decisions/025): the signature tabs start on the server, zk-FIDNA in this
 * browser, so its secret amounts stay on the device unless the server is chosen. The toggle shows
 * and changes the choice of the tab in view.
 */
import { useEffect, useState } from 'react';
import { engineWorker } from '../workers/engine.client.ts';
import type { Where } from './algorithms.ts';

export type ModeScope = 'signatures' | 'zk-fidna';

type EngineState = { keyId: string } | { error: string };

const HELP: Record<ModeScope, Record<Where, string>> = {
  signatures: {
    server: 'Each operation is a call to the platform’s demo API, signed with this session’s demo key and recorded in your history.',
    browser:
      'The same WebAssembly engine runs in a Web Worker in this tab. The key pair is made here and no secret leaves your device; operations are not sent to the server unless you switch back to verify there.',
  },
  'zk-fidna': {
    server:
      'The demo API receives X and Y, proves, and attests the proof with this session’s ML-DSA-65 key. It returns the openings to you alone and records only the proof and its public input; zero knowledge hides the amounts from verifiers, not from whoever proves.',
    browser:
      'zk-FIDNA proves in this browser unless you choose the server: the WebAssembly engine in a Web Worker commits to X and Y here and attests the proof with an ML-DSA-65 key made in this tab. X and Y never leave your device; the proof and its public input do only when you verify on the server.',
  },
};

const KEY_NAME: Record<ModeScope, string> = { signatures: 'Dilion key', 'zk-fidna': 'attestation key' };

export function ModeToggle({ value, onChange, scope = 'signatures' }: { value: Where; onChange: (where: Where) => void; scope?: ModeScope }) {
  const [engine, setEngine] = useState<Partial<Record<ModeScope, EngineState>>>({});
  const current = engine[scope];
  // Choosing "browser" is the moment the engine is needed: load it then, not with the page.
  useEffect(() => {
    if (value !== 'browser' || current) return;
    const worker = engineWorker();
    const ready = scope === 'zk-fidna' ? worker.zkReady() : worker.ready();
    ready.then(
      ({ keyId }) => setEngine((e) => ({ ...e, [scope]: { keyId } })),
      (error: Error) => setEngine((e) => ({ ...e, [scope]: { error: error.message } })),
    );
  }, [value, scope, current]);

  const option = (where: Where, title: string) => (
    <label className="mode-option" data-active={value === where}>
      <input type="radio" name="run-where" value={where} checked={value === where} onChange={() => onChange(where)} />
      {title}
    </label>
  );
  return (
    <div className="mode-toggle card" data-scope={scope}>
      <div className="mode-options" role="radiogroup" aria-label="Run operations">
        <span className="mode-caption">{scope === 'zk-fidna' ? 'Prove zk-FIDNA on' : 'Run on'}</span>
        {option('server', 'Server')}
        {option('browser', 'This browser')}
      </div>
      <p className="mode-help muted" data-testid="mode-help">
        {HELP[scope][value]}
        {value === 'browser' && current && 'keyId' in current && (
          <span className="badge badge-success mode-engine">
            Engine ready · {KEY_NAME[scope]} {current.keyId}
          </span>
        )}
        {value === 'browser' && current && 'error' in current && <span className="badge badge-danger mode-engine">Engine failed to load: {current.error}</span>}
        {value === 'browser' && !current && <span className="badge mode-engine">Loading the engine…</span>}
      </p>
      {scope === 'zk-fidna' && <p className="mode-help muted demo-small">This choice is zk-FIDNA’s own: the signature tabs keep theirs.</p>}
    </div>
  );
}
