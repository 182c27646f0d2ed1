/** Server or this browser: where the crypto tabs run their operations. */
import { useEffect, useState } from 'react';
import { engineWorker } from '../workers/engine.client.ts';
import type { Where } from './algorithms.ts';

export function ModeToggle({ value, onChange }: { value: Where; onChange: (where: Where) => void }) {
  const [engine, setEngine] = useState<{ keyId: string } | { error: string } | null>(null);
  // Choosing "browser" is the moment the engine is needed: load it then, not with the page.
  useEffect(() => {
    if (value !== 'browser' || engine) return;
    engineWorker()
      .ready()
      .then(setEngine, (e: Error) => setEngine({ error: e.message }));
  }, [value, engine]);

  const option = (where: Where, title: string) => (
    <label className="mode-option" data-active={value === where}>
      <input type="radio" name="run-where" value={where} checked={value === where} onChange={() => onChange(where)} />
      {title}
    </label>
  );
  return (
    <div className="mode-toggle card">
      <div className="mode-options" role="radiogroup" aria-label="Run operations">
        <span className="mode-caption">Run on</span>
        {option('server', 'Server')}
        {option('browser', 'This browser')}
      </div>
      <p className="mode-help muted">
        {value === 'server'
          ? 'Each operation is a call to the platform’s demo API, signed with this session’s demo key and recorded in your history.'
          : 'The same WebAssembly engine runs in a Web Worker in this tab. The key pair is made here and no secret leaves your device; operations are not sent to the server unless you switch back to verify there.'}
        {value === 'browser' && engine && 'keyId' in engine && <span className="badge badge-success mode-engine">Engine ready · Dilion key {engine.keyId}</span>}
        {value === 'browser' && engine && 'error' in engine && <span className="badge badge-danger mode-engine">Engine failed to load: {engine.error}</span>}
        {value === 'browser' && !engine && <span className="badge mode-engine">Loading the engine…</span>}
      </p>
    </div>
  );
}
