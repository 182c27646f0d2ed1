/** Crypto Operations: where to run, then the four algorithm tabs (Dilion first, docs/product.md §2.4). */
import { useState } from 'react';
import { KeepTabs } from './KeepTabs.tsx';
import type { Where } from './algorithms.ts';
import { DilionTab } from './DilionTab.tsx';
import { ModeToggle } from './ModeToggle.tsx';
import { Qes2Tab, type Qes2TabSigned } from './Qes2Tab.tsx';
import { ZkFidnaTab } from './ZkFidnaTab.tsx';

export function CryptoOperations() {
  const [where, setWhere] = useState<Where>('server');
  // One message and one signature for both QES2 tabs; Verify checks the signature's mode (docs/product.md §4).
  const [qes2Message, setQes2Message] = useState('Hybrid cryptographic message');
  const [qes2Signed, setQes2Signed] = useState<Qes2TabSigned | null>(null);
  const qes2 = (mode: 'ecdsa' | 'schnorr') => (
    <Qes2Tab mode={mode} where={where} message={qes2Message} onMessage={setQes2Message} signed={qes2Signed} onSigned={setQes2Signed} />
  );
  return (
    <div className="stack">
      <ModeToggle value={where} onChange={setWhere} />
      <KeepTabs
        label="Algorithms"
        defaultValue="dilion"
        tabs={[
          { value: 'dilion', label: 'Dilion', content: <DilionTab where={where} /> },
          { value: 'qes2-ecdsa', label: 'QES2_ECDSA', content: qes2('ecdsa') },
          { value: 'qes2-schnorr', label: 'QES2_Schnorr', content: qes2('schnorr') },
          { value: 'zk-fidna', label: 'zk-FIDNA', content: <ZkFidnaTab where={where} /> },
        ]}
      />
    </div>
  );
}
