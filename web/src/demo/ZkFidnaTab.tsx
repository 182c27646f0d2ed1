/**
 * The zk-FIDNA tab (docs/product.md §2.4, §4, §5, §8): secret X, balance Y, circuit type; Generate zk-FIDNA, then
 * Verify once a proof exists; the four-step ω process flow and the result. The server's answers are
 * shown as sent. Until ZK_FIDNA_AVAILABLE, the tab says zk-FIDNA is in development and its controls
 * are disabled, so no one clicks into a 404.
 */
import { useState } from 'react';
import { Select } from '../components/ui/Select.tsx';
import { toast } from '../components/ui/toast.tsx';
import { errorMessage } from '../lib/api.ts';
import { whereText, type Where } from './algorithms.ts';
import { formatMs, shorten } from './format.ts';
import { zkProve, zkVerify, type CircuitType, type Json } from './operations.ts';
import { OutputBlock, ResultBox, type OutputRow, type VerifyState } from './Output.tsx';
import { flowStates, ProcessFlow } from './ProcessFlow.tsx';
import { timed, useServerRefresh } from './useServerRefresh.ts';
import { DevNote } from './InDevelopment.tsx';
import { ZK_FIDNA_AVAILABLE, ZK_FIDNA_IN_DEVELOPMENT } from './zkFidna.ts';

const CIRCUITS = [
  { value: 'balance_proof', label: 'Balance Proof (Y - X)' },
  { value: 'range_proof', label: 'Range Proof' },
  { value: 'custom', label: 'Custom' },
];
const STEPS = ['ω1 Commit to the values', 'ω2 Fiat–Shamir challenge', 'ω3 Response', 'ω4 Signature attestation'];

const asObject = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
const text = (v: unknown, n: number) => (v === undefined ? undefined : shorten(typeof v === 'string' ? v : JSON.stringify(v), n));

function rowsOf(response: Json): OutputRow[] {
  const proof = asObject(response.proof) ?? {};
  const input = asObject(response.publicInput) ?? {};
  const rows: OutputRow[] = [];
  const add = (label: string, value: string | undefined) => value !== undefined && rows.push({ label, value });
  add('Algorithm', text(response.algorithm, 32));
  add('Commitment', text(proof.commitment, 32));
  add('Challenge', text(proof.challenge, 16));
  add('Response', text(proof.response, 32));
  add('Result', text(input.result, 16));
  add('Circuit', text(input.circuitType, 32));
  add('Timestamp', text(response.timestamp, 40));
  if (rows.length === 0) rows.push({ label: 'Response', value: shorten(JSON.stringify(response), 200) });
  return rows;
}

/** Number inputs give text; the request carries integers (docs/product.md §5), or NaN that the server refuses. */
const integer = (value: string) => Number.parseInt(value, 10);

export function ZkFidnaTab({ where }: { where: Where }) {
  const refresh = useServerRefresh();
  const [secret, setSecret] = useState('650000');
  const [balance, setBalance] = useState('21930000');
  const [circuit, setCircuit] = useState<CircuitType>('balance_proof');
  const [busy, setBusy] = useState<'prove' | 'verify' | null>(null);
  const [phase, setPhase] = useState<'idle' | 'running' | 'done' | 'failed'>('idle');
  const [proved, setProved] = useState<{ response: Json; ms: number } | null>(null);
  const [result, setResult] = useState<VerifyState>(null);

  async function prove() {
    setBusy('prove');
    setPhase('running');
    setResult(null);
    try {
      const { value, ms } = await timed(() => zkProve(where, { secretValue: integer(secret), balanceValue: integer(balance), circuitType: circuit }));
      setProved({ response: value, ms });
      setPhase('done');
      refresh();
      toast({ title: 'zk-FIDNA Proof Generated', description: `Proved ${whereText(where)} in ${formatMs(ms)}.`, variant: 'success' });
    } catch (error) {
      setPhase('failed');
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
      const { value, ms } = await timed(() => zkVerify(where, proved.response.proof, proved.response.publicInput));
      refresh();
      const details = asObject(value.details);
      const note = `Verified ${whereText(where)} in ${formatMs(ms)}.${details ? ` Checks: ${Object.entries(details).map(([k, v]) => `${k} ${v ? '✓' : '✗'}`).join(', ')}` : ''}`;
      if (value.valid === true) {
        setResult({ kind: 'valid', text: 'Valid zk-FIDNA proof', note });
        toast({ title: 'zk-FIDNA Verification Complete', description: 'The proof is valid.', variant: 'success' });
      } else {
        setResult({ kind: 'invalid', text: 'Invalid zk-FIDNA proof', note });
        toast({ title: 'zk-FIDNA Verification Complete', description: 'The proof is invalid.', variant: 'destructive' });
      }
    } catch (error) {
      toast({ title: 'Verification Error', description: errorMessage(error, 'zk-FIDNA verification failed'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="demo-grid">
      <div className="card stack">
        {!ZK_FIDNA_AVAILABLE && <DevNote testId="zk-in-development">{ZK_FIDNA_IN_DEVELOPMENT}</DevNote>}
        <fieldset className="demo-fieldset stack" disabled={!ZK_FIDNA_AVAILABLE}>
          <div className="grid grid-2 demo-tight">
            <div className="field">
              <label htmlFor="zk-secret">Secret Value (X)</label>
              <input id="zk-secret" className="input" type="number" value={secret} onChange={(e) => setSecret(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="zk-balance">Balance Value (Y)</label>
              <input id="zk-balance" className="input" type="number" value={balance} onChange={(e) => setBalance(e.target.value)} />
            </div>
          </div>
          <div className="field">
            <label htmlFor="zk-circuit">Circuit Type</label>
            <Select id="zk-circuit" label="Circuit Type" value={circuit} onValueChange={(v) => setCircuit(v as CircuitType)} options={CIRCUITS} />
          </div>
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={prove} disabled={!ZK_FIDNA_AVAILABLE || busy !== null}>
              {busy === 'prove' ? 'Proving...' : 'Generate zk-FIDNA'}
            </button>
            <button type="button" className="btn btn-secondary" onClick={verify} disabled={!ZK_FIDNA_AVAILABLE || busy !== null || !proved}>
              {busy === 'verify' ? 'Verifying...' : 'Verify'}
            </button>
          </div>
        </fieldset>
        <ProcessFlow title="ω process flow" steps={STEPS} states={flowStates(proved && phase === 'idle' ? 'done' : phase)} />
      </div>
      <div className="stack">
        <OutputBlock title="zk-FIDNA proof" rows={proved ? rowsOf(proved.response) : null} testId="zk-output" />
        <ResultBox state={result} testId="zk-result" />
      </div>
    </div>
  );
}
