/**
 * The zk-FIDNA tab (docs/product.md §2.4, §4, §5, §8): secret X, balance Y, circuit type; Generate
 * zk-FIDNA, then Verify once a proof exists; the four-step ω flow, the proof's commitments,
 * challenges and five response scalars, and every verify check. It proves in this browser unless
 * the server is chosen (docs/decisions/025), so X and Y stay on the device; either side verifies
 * a proof made on either.
 */
import { useState } from 'react';
import { SCHEMES } from '../../../shared/schemes.ts';
import { ZK_FIDNA_CIRCUITS, type ZkCircuit } from '../../../shared/zkfidna.ts';
import { Select } from '../components/ui/Select.tsx';
import { toast } from '../components/ui/toast.tsx';
import { errorMessage } from '../lib/api.ts';
import { whereText, type Where } from './algorithms.ts';
import { formatMs } from './format.ts';
import { zkProve, zkVerify, type ZkProved, type ZkVerified } from './operations.ts';
import { OutputBlock, ResultBox, type VerifyState } from './Output.tsx';
import { flowStates, ProcessFlow } from './ProcessFlow.tsx';
import { timed, useServerRefresh } from './useServerRefresh.ts';
import { amountOf, CIRCUIT_HELP, detailRows, proofRows } from './zkFidnaText.ts';
import { ActionButton } from '../components/ui/ActionButton.tsx';

const LABELS: Record<ZkCircuit, string> = { balance_proof: 'Balance Proof (Y - X)', range_proof: 'Range Proof', custom: 'Custom' };
const CIRCUITS = ZK_FIDNA_CIRCUITS.map((value) => ({ value, label: LABELS[value] }));
const STEPS = [...SCHEMES['zk-fidna'].steps];

interface Proved {
  response: ZkProved;
  where: Where;
  ms: number;
}

const engineNote = (engineMs: number | undefined) => (engineMs !== undefined ? ` (engine: ${formatMs(engineMs)})` : '');

function footerOf(p: Proved): string {
  const time = `Proved ${whereText(p.where)} in ${formatMs(p.ms)}${engineNote(p.response.engineMs)}.`;
  return p.where === 'browser'
    ? `${time} X and Y stayed on this device: only the proof and its public input leave it, when you verify on the server.`
    : `${time} The server saw X and Y to prove them; it sent the openings to you alone and keeps only the proof and its public input.`;
}

export function ZkFidnaTab({ where }: { where: Where }) {
  const refresh = useServerRefresh();
  const [secret, setSecret] = useState('650000');
  const [balance, setBalance] = useState('21930000');
  const [circuit, setCircuit] = useState<ZkCircuit>('balance_proof');
  const [busy, setBusy] = useState<'prove' | 'verify' | null>(null);
  const [phase, setPhase] = useState<'idle' | 'running' | 'done' | 'failed'>('idle');
  const [proved, setProved] = useState<Proved | null>(null);
  const [verified, setVerified] = useState<ZkVerified | null>(null);
  const [result, setResult] = useState<VerifyState>(null);
  async function prove() {
    setBusy('prove');
    setPhase('running');
    // A new proof makes the last verdict stale.
    setResult(null);
    setVerified(null);
    try {
      // An empty field is left out, so the prover says it is required.
      const { value, ms } = await timed(() => zkProve(where, { secretValue: amountOf(secret), balanceValue: amountOf(balance), circuitType: circuit }));
      setProved({ response: value, where, ms });
      setPhase('done');
      if (where === 'server') refresh();
      toast({ title: 'zk-FIDNA Proof Generated', description: `Proved ${whereText(where)} in ${formatMs(ms)}.`, variant: 'success' });
    } catch (error) {
      setPhase('failed');
      // The proof on screen was made from other values: left there, Verify would check it and not
      // the one just refused (docs/product.md §4), so a failed prove clears it.
      setProved(null);
      toast({ title: 'Error', description: errorMessage(error, 'Failed to generate zk-FIDNA proof'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function verify() {
    if (!proved) {
      toast({ title: 'Verification Error', description: 'Please generate a zk-FIDNA proof first', variant: 'destructive' });
      return;
    }
    setBusy('verify');
    try {
      const { proof, publicInput } = proved.response;
      const { value, ms } = await timed(() => zkVerify(where, { proof, publicInput }));
      if (where === 'server') refresh();
      setVerified(value);
      const note = `Proved ${whereText(proved.where)}, verified ${whereText(where)} in ${formatMs(ms)}${engineNote(value.engineMs)}.`;
      if (value.valid) {
        setResult({ kind: 'valid', text: 'Valid zk-FIDNA proof', note });
        toast({ title: 'zk-FIDNA Verification Complete', description: 'The proof is valid.', variant: 'success' });
      } else {
        setResult({ kind: 'invalid', text: 'Invalid zk-FIDNA proof', note });
        toast({ title: 'zk-FIDNA Verification Complete', description: 'The proof is invalid.', variant: 'destructive' });
      }
    } catch (error) {
      const text = errorMessage(error, 'zk-FIDNA verification failed');
      setVerified(null);
      setResult({ kind: 'error', text });
      toast({ title: 'Verification Error', description: text, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="demo-grid">
      <div className="card stack">
        <div className="grid grid-2 demo-tight">
          <div className="field">
            <label htmlFor="zk-secret">Secret Value (X)</label>
            <input id="zk-secret" className="input" type="number" min={1} value={secret} onChange={(e) => setSecret(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="zk-balance">Balance Value (Y)</label>
            <input id="zk-balance" className="input" type="number" min={0} value={balance} onChange={(e) => setBalance(e.target.value)} />
          </div>
        </div>
        <div className="field">
          <label htmlFor="zk-circuit">Circuit Type</label>
          <Select id="zk-circuit" label="Circuit Type" value={circuit} onValueChange={(v) => setCircuit(v as ZkCircuit)} options={CIRCUITS} />
        </div>
        <p className="muted demo-small" data-testid="zk-circuit-help">
          {CIRCUIT_HELP[circuit]}
        </p>
        <div className="row">
          <ActionButton className="btn btn-primary" onClick={prove} inactive={busy !== null}>
            {busy === 'prove' ? 'Proving...' : 'Generate zk-FIDNA'}
          </ActionButton>
          <ActionButton className="btn btn-secondary" onClick={verify} inactive={busy !== null || !proved}>
            {busy === 'verify' ? 'Verifying...' : 'Verify'}
          </ActionButton>
        </div>
        {/* The four steps run inside one engine call (or one request), so they are lit together when its answer arrives. */}
        <ProcessFlow title="ω process flow" steps={STEPS} states={flowStates(phase === 'running' || phase === 'failed' ? phase : proved ? 'done' : 'idle')} />
      </div>
      <div className="stack">
        <OutputBlock title="zk-FIDNA proof" rows={proved ? proofRows(proved.response) : null} footer={proved && footerOf(proved)} testId="zk-output" />
        <ResultBox state={result} testId="zk-result" />
        {verified && <OutputBlock title="Verification checks" rows={detailRows(verified.details)} testId="zk-checks" wide />}
      </div>
    </div>
  );
}
