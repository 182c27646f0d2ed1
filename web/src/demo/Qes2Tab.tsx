/**
 * The QES2_ECDSA and QES2_Schnorr tabs (spec §2, §4, §5, §8): one message shared by both tabs,
 * Generate and Verify (enabled only for a signature of this tab's mode), an output block, the
 * four-step process flow and the verification result. Results are the server's, shown as sent.
 */
import { useState } from 'react';
import { toast } from '../components/ui/toast.tsx';
import { errorMessage } from '../lib/api.ts';
import { whereText, type Where } from './algorithms.ts';
import { base64Length, formatMs, previewList, shorten } from './format.ts';
import { qes2Sign, qes2Verify, type Json, type Qes2Mode } from './operations.ts';
import { OutputBlock, ResultBox, type OutputRow, type VerifyState } from './Output.tsx';
import { flowStates, ProcessFlow } from './ProcessFlow.tsx';
import { timed, useServerRefresh } from './useServerRefresh.ts';

export interface Qes2Signed {
  mode: Qes2Mode;
  response: Json;
  ms: number;
}

/** Shown before the server has said which steps it ran (its answer carries `signature.steps`). */
const STEPS = (mode: Qes2Mode) => ["Build M′ (SHA-512 pre-hash)", 'ML-DSA-65 sign', mode === 'ecdsa' ? 'ECDSA secp256k1 sign' : 'BIP-340 Schnorr sign', 'Concatenate'];

const asObject = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
const asString = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? undefined : JSON.stringify(v));
const bytesOf = (v: unknown) => (typeof v === 'string' ? ` (${base64Length(v).toLocaleString('en-US')} bytes)` : '');

/** The spec's fields (mode, dilithium.c, secondary, challenge) and the rest, where the answer has them. */
function rowsOf(response: Json): OutputRow[] {
  const signature = asObject(response.signature) ?? {};
  const dilithium = asObject(signature.dilithium);
  const rows: OutputRow[] = [];
  const add = (label: string, value: string | undefined) => value !== undefined && rows.push({ label, value });
  add('Algorithm', asString(response.algorithm));
  add('Mode', asString(signature.mode ?? response.mode));
  add('Signature', typeof signature.encoded === 'string' ? `${shorten(signature.encoded, 32)}${bytesOf(signature.encoded)}` : undefined);
  if (Array.isArray(dilithium?.c)) add('Dilithium c', previewList(dilithium.c, 3));
  if (Array.isArray(dilithium?.z)) add('Dilithium z', previewList(dilithium.z, 3));
  add('Secondary', signature.secondary !== undefined ? shorten(asString(signature.secondary), 32) : undefined);
  add('Challenge', signature.challenge !== undefined ? shorten(asString(signature.challenge), 16) : undefined);
  add('Public key', typeof response.publicKey === 'string' ? `${shorten(response.publicKey, 32)}${bytesOf(response.publicKey)}` : undefined);
  add('Key', asString(response.keyId));
  add('Label', asString(response.label));
  add('Timestamp', asString(response.timestamp));
  if (rows.length === 0) rows.push({ label: 'Response', value: shorten(JSON.stringify(response), 200) });
  return rows;
}

/** "ML-DSA-65 half ✓ · secp256k1 half ✓" from a verify answer's details, when it has them. */
function halves(value: Json): string {
  const details = asObject(value.details);
  if (!details) return '';
  const mark = (v: unknown) => (v === true ? '✓' : '✗');
  return ` ML-DSA-65 half ${mark(details.mlDsaValid)} · secp256k1 half ${mark(details.secp256k1Valid)}.`;
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
      const { value, ms } = await timed(() => qes2Verify(where, mode, message, mine.response.signature, mine.response.publicKey));
      refresh();
      const note = `Verified ${whereText(where)} in ${formatMs(ms)}.${halves(value)}`;
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

  const serverSteps = asObject(mine?.response.signature)?.steps;
  const steps = Array.isArray(serverSteps) && serverSteps.length === 4 ? serverSteps.map(String) : STEPS(mode);
  return (
    <div className="demo-grid">
      <div className="card stack">
        <div className="field">
          <label htmlFor={`qes2-${mode}-message`}>Message</label>
          <textarea id={`qes2-${mode}-message`} className="textarea" value={message} onChange={(e) => props.onMessage(e.target.value)} />
        </div>
        <p className="muted demo-small">The message is shared by the QES2_ECDSA and QES2_Schnorr tabs.</p>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={generate} disabled={busy !== null}>
            {busy === 'sign' ? 'Processing...' : 'Generate'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={verify} disabled={busy !== null || !mine}>
            {busy === 'verify' ? 'Verifying...' : 'Verify'}
          </button>
        </div>
        <ProcessFlow title="Hybrid signing process" steps={steps} states={flowStates(mine && phase === 'idle' ? 'done' : phase)} />
      </div>
      <div className="stack">
        <OutputBlock title={`QES2 ${mode === 'ecdsa' ? 'ECDSA' : 'Schnorr'} signature`} rows={mine ? rowsOf(mine.response) : null} testId={`qes2-${mode}-output`} />
        <ResultBox state={result} testId={`qes2-${mode}-result`} />
      </div>
    </div>
  );
}
