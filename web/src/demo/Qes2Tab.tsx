/**
 * The QES2_ECDSA and QES2_Schnorr tabs (spec §2, §4, §5, §8): one message shared by both tabs,
 * Generate and Verify (enabled only for a signature of this tab's mode), an output block, the
 * four-step process flow and the verification result. Results are the server's, shown as sent.
 */
import { useState } from 'react';
import { toast } from '../components/ui/toast.tsx';
import { errorMessage } from '../lib/api.ts';
import { whereText, type Where } from './algorithms.ts';
import { formatMs, previewList, shorten } from './format.ts';
import { qes2Sign, qes2Verify, type Json, type Qes2Mode } from './operations.ts';
import { OutputBlock, ResultBox, type OutputRow, type VerifyState } from './Output.tsx';
import { flowStates, ProcessFlow } from './ProcessFlow.tsx';
import { timed, useServerRefresh } from './useServerRefresh.ts';

export interface Qes2Signed {
  mode: Qes2Mode;
  response: Json;
  ms: number;
}

const STEPS = (mode: Qes2Mode) => ['Pre-hash M′ (SHA-512)', 'ML-DSA-65 signature', mode === 'ecdsa' ? 'ECDSA secp256k1 signature' : 'BIP-340 Schnorr signature', 'Combine both halves'];

const asObject = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
const asString = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? undefined : JSON.stringify(v));

/** The spec's fields (mode, dilithium.c, secondary, challenge, steps) where the answer has them. */
function rowsOf(response: Json): OutputRow[] {
  const signature = asObject(response.signature) ?? {};
  const dilithium = asObject(signature.dilithium);
  const rows: OutputRow[] = [];
  const add = (label: string, value: string | undefined) => value !== undefined && rows.push({ label, value });
  add('Algorithm', asString(response.algorithm));
  add('Mode', asString(signature.mode ?? response.mode));
  add('Signature', typeof signature.encoded === 'string' ? shorten(signature.encoded, 32) : undefined);
  if (Array.isArray(dilithium?.c)) add('Dilithium c', previewList(dilithium.c, 3));
  if (Array.isArray(dilithium?.z)) add('Dilithium z', previewList(dilithium.z, 3));
  add('Secondary', signature.secondary !== undefined ? shorten(asString(signature.secondary), 32) : undefined);
  add('Challenge', signature.challenge !== undefined ? shorten(asString(signature.challenge), 16) : undefined);
  add('Public key', typeof response.publicKey === 'string' ? shorten(response.publicKey, 32) : undefined);
  add('Timestamp', asString(response.timestamp));
  if (rows.length === 0) rows.push({ label: 'Response', value: shorten(JSON.stringify(response), 200) });
  return rows;
}

export function Qes2Tab(props: {
  mode: Qes2Mode;
  where: Where;
  message: string;
  onMessage: (message: string) => void;
  signed: Qes2Signed | null;
  onSigned: (signed: Qes2Signed | null) => void;
}) {
  const { mode, where, message, signed } = props;
  const refresh = useServerRefresh();
  const [busy, setBusy] = useState<'sign' | 'verify' | null>(null);
  const [phase, setPhase] = useState<'idle' | 'running' | 'done' | 'failed'>('idle');
  const [result, setResult] = useState<VerifyState>(null);
  const mine = signed?.mode === mode ? signed : null;

  async function generate() {
    setBusy('sign');
    setPhase('running');
    setResult(null);
    try {
      const { value, ms } = await timed(() => qes2Sign(where, mode, message));
      props.onSigned({ mode, response: value, ms });
      setPhase('done');
      refresh();
      toast({ title: 'QES2 Signature Generated', description: `Signed ${whereText(where)} in ${formatMs(ms)}.`, variant: 'success' });
    } catch (error) {
      setPhase('failed');
      toast({ title: 'Error', description: errorMessage(error, 'Failed to generate QES2 signature'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function verify() {
    if (!mine) {
      toast({ title: 'Verification Error', description: 'No QES2 signature to verify. Please generate a signature first.', variant: 'destructive' });
      return;
    }
    setBusy('verify');
    try {
      const { value, ms } = await timed(() => qes2Verify(where, mode, message, mine.response.signature));
      refresh();
      const note = `Verified ${whereText(where)} in ${formatMs(ms)}.`;
      if (value.valid === true) {
        setResult({ kind: 'valid', text: 'Valid QES2 signature', note });
        toast({ title: 'QES2 Verification Complete', description: 'The signature is valid.', variant: 'success' });
      } else {
        setResult({ kind: 'invalid', text: 'Invalid QES2 signature', note });
        toast({ title: 'QES2 Verification Complete', description: 'The signature is invalid.', variant: 'destructive' });
      }
    } catch (error) {
      const text = errorMessage(error, 'QES2 verification failed');
      setResult({ kind: 'error', text });
      toast({ title: 'Verification Error', description: text, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  const steps = asObject(mine?.response.signature)?.steps;
  return (
    <div className="demo-grid">
      <div className="card stack">
        <div className="field">
          <label htmlFor={`qes2-${mode}-message`}>Message</label>
          <textarea id={`qes2-${mode}-message`} className="textarea" value={message} onChange={(e) => props.onMessage(e.target.value)} />
        </div>
        <p className="muted small">The message is shared by the QES2_ECDSA and QES2_Schnorr tabs.</p>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={generate} disabled={busy !== null}>
            {busy === 'sign' ? 'Processing...' : 'Generate'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={verify} disabled={busy !== null || !mine}>
            {busy === 'verify' ? 'Verifying...' : 'Verify'}
          </button>
        </div>
        <ProcessFlow title="Hybrid signing process" steps={STEPS(mode)} states={flowStates(mine && phase === 'idle' ? 'done' : phase)} />
        {Array.isArray(steps) && <p className="muted small">Server steps: {steps.map(String).join(' → ')}</p>}
      </div>
      <div className="stack">
        <OutputBlock title={`QES2 ${mode === 'ecdsa' ? 'ECDSA' : 'Schnorr'} signature`} rows={mine ? rowsOf(mine.response) : null} testId={`qes2-${mode}-output`} />
        <ResultBox state={result} testId={`qes2-${mode}-result`} />
      </div>
    </div>
  );
}
