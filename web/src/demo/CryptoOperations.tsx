/**
 * Crypto Operations: where to run, then the four algorithm tabs (Dilion first, docs/product.md §2.4).
 * The signature tabs share one choice of where to run, starting on the server; zk-FIDNA has its own,
 * starting in this browser so its secret amounts stay on the device (docs/decisions/025). The
 * toggle above the tabs shows and changes the choice of the tab in view.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { wasmSimdSupported } from '../../../engine/src/wasm-simd.ts';
import { isSchemeId, SCHEME_IDS, SCHEMES, type SchemeId } from '../../../shared/schemes.ts';
import { KeepTabs } from './KeepTabs.tsx';
import type { Where } from './algorithms.ts';
import { DilionTab } from './DilionTab.tsx';
import { ModeToggle } from './ModeToggle.tsx';
import { Qes2Tab, type Qes2TabSigned } from './Qes2Tab.tsx';
import { ZkFidnaTab } from './ZkFidnaTab.tsx';

export function CryptoOperations() {
  const { t } = useTranslation('demo');
  const [where, setWhere] = useState<Where>('server');
  // Without WebAssembly SIMD the engine cannot load here (engine/src/wasm-simd.ts): start on the server.
  const [zkWhere, setZkWhere] = useState<Where>(() => (wasmSimdSupported() ? 'browser' : 'server'));
  const [active, setActive] = useState<SchemeId>('dilion');
  // One message and one signature for both QES2 tabs; Verify checks the signature's mode (docs/product.md §4).
  const [qes2Message, setQes2Message] = useState<string>(() => t('qes2.defaultMessage'));
  const [qes2Signed, setQes2Signed] = useState<Qes2TabSigned | null>(null);
  // Every scheme of the registry gets its family's tab; a family without one here fails to compile.
  const content = (id: SchemeId): ReactNode => {
    const scheme = SCHEMES[id];
    switch (scheme.family) {
      case 'dilion':
        return <DilionTab where={where} />;
      case 'qes2':
        return <Qes2Tab mode={scheme.mode} where={where} message={qes2Message} onMessage={setQes2Message} signed={qes2Signed} onSigned={setQes2Signed} />;
      case 'zk-fidna':
        return <ZkFidnaTab where={zkWhere} />;
    }
  };
  const zk = SCHEMES[active].family === 'zk-fidna';
  return (
    <div className="stack">
      <ModeToggle scope={zk ? 'zk-fidna' : 'signatures'} value={zk ? zkWhere : where} onChange={zk ? setZkWhere : setWhere} />
      <KeepTabs
        label={t('page.algorithms')}
        defaultValue="dilion"
        onValueChange={(v) => isSchemeId(v) && setActive(v)}
        tabs={SCHEME_IDS.map((id) => ({ value: id, label: SCHEMES[id].label, content: content(id) }))}
      />
    </div>
  );
}
