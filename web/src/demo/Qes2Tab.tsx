/**
 * The QES2_ECDSA and QES2_Schnorr tabs (docs/product.md §2.4, §4, §5, §8): one message shared by both tabs,
 * Generate and Verify (enabled only for a signature of this tab's mode), an output block, the
 * four-step process flow and the verification result. Either step runs on the server or in this
 * browser, so a signature made on one side can be verified on the other.
 */
import { useEffect, useState } from 'react';
import { QES2_BY_MODE } from '../../../shared/schemes.ts';
import { toast } from '../components/ui/toast.tsx';
import { errorMessage } from '../lib/api.ts';
import { whereText, type Where } from './algorithms.ts';
import { base64Length, formatMs, previewList, shorten } from './format.ts';
import { qes2Sign, qes2Verify, type Qes2Mode, type Qes2Signed, type Qes2Verified } from './operations.ts';
import { OutputBlock, ResultBox, type OutputRow, type VerifyState } from './Output.tsx';
import { flowStates, ProcessFlow } from './ProcessFlow.tsx';
import { timed, useServerRefresh } from './useServerRefresh.ts';
import { ActionButton } from '../components/ui/ActionButton.tsx';

/** The tabs' shared signature: its answer, where it was made and how long the page waited for it. */
export interface Qes2TabSigned {
  mode: Qes2Mode;
  response: Qes2Signed;
  where: Where;
  ms: number;
}

/** Shown before a signer has said which steps it ran (its answer carries the same `signature.steps`). */
const STEPS = (mode: Qes2Mode) => [...QES2_BY_MODE[mode].steps];

const bytes = (b64: string) => `${shorten(b64, 32)} (${base64Length(b64).toLocaleString('en-US')} bytes)`;

/** The fields of docs/crypto/qes2.md §8 (mode, dilithium.c, secondary, challenge) and the rest of the answer. */
function rowsOf(r: Qes2Signed): OutputRow[] {
  const s = r.signature;
  return [
    { label: 'Algorithm', value: r.algorithm },
    { label: 'Mode', value: s.mode },
    { label: 'Signature', value: bytes(s.encoded) },
    { label: 'Dilithium c', value: previewList(s.dilithium.c, 3) },
    { label: 'Dilithium z', value: previewList(s.dilithium.z, 3) },
    { label: 'Secondary', value: shorten(s.secondary, 32) },
    { label: 'Challenge', value: shorten(s.challenge, 16) },
    { label: 'Public key', value: bytes(r.publicKey) },
    { label: 'Key', value: r.keyId },
    { label: 'Label', value: r.label },
    { label: 'Timestamp', value: r.timestamp },
  ];
}

/** " ML-DSA-65 half ✓ · secp256k1 half ✓." from a verify answer's details. */
function halves(value: Qes2Verified): string {
  const mark = (v: boolean) => (v ? '✓' : '✗');
  return ` ML-DSA-65 half ${mark(value.details.mlDsaValid)} · secp256k1 half ${mark(value.details.secp256k1Valid)}.`;
}

const engineNote = (engineMs: number | undefined) => (engineMs !== undefined ? ` (engine: ${formatMs(engineMs)})` : '');

export function Qes2Tab(props: {
  mode: Qes2Mode;
  where: Where;
  message: string;
  onMessage: (message: string) => void;
  signed: Qes2TabSigned | null;
  onSigned: (signed: Qes2TabSigned | null) => void;
}) {
  const { mode, where, message, signed } = props;
  const refresh = useServerRefresh();
  const [busy, setBusy] = useState<'sign' | 'verify' | null>(null);
  const [phase, setPhase] = useState<'idle' | 'running' | 'done' | 'failed'>('idle');
  const [result, setResult] = useState<VerifyState>(null);
  const mine = signed?.mode === mode ? signed : null;
  // A new signature (from either tab) makes the last verdict stale.
  useEffect(() => setResult(null), [signed]);

  async function generate() {
    setBusy('sign');
    setPhase('running');
    setResult(null);
    try {
      const { value, ms } = await timed(() => qes2Sign(where, mode, message));
      props.onSigned({ mode, response: value, where, ms });
      setPhase('done');
      if (where === 'server') refresh();
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
      if (where === 'server') refresh();
      const note = `Signed ${whereText(mine.where)}, verified ${whereText(where)} in ${formatMs(ms)}${engineNote(value.engineMs)}.${halves(value)}`;
      if (value.valid) {
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

  const signerSteps = mine?.response.signature.steps;
  const steps = signerSteps?.length === 4 ? signerSteps : STEPS(mode);
  const footer = mine && `Signed ${whereText(mine.where)} in ${formatMs(mine.ms)}${engineNote(mine.response.engineMs)}.`;
  return (
    <div className="demo-grid">
      <div className="card stack">
        <div className="field">
          <label htmlFor={`qes2-${mode}-message`}>Message</label>
          <textarea id={`qes2-${mode}-message`} className="textarea" value={message} onChange={(e) => props.onMessage(e.target.value)} />
        </div>
        <p className="muted demo-small">The message is shared by the QES2_ECDSA and QES2_Schnorr tabs.</p>
        <div className="row">
          <ActionButton className="btn btn-primary" onClick={generate} inactive={busy !== null}>
            {busy === 'sign' ? 'Processing...' : 'Generate'}
          </ActionButton>
          <ActionButton className="btn btn-secondary" onClick={verify} inactive={busy !== null || !mine}>
            {busy === 'verify' ? 'Verifying...' : 'Verify'}
          </ActionButton>
        </div>
        {/* All four steps run inside one engine call, so they are lit together when its answer arrives. */}
        <ProcessFlow title="Hybrid signing process" steps={steps} states={flowStates(phase === 'running' || phase === 'failed' ? phase : mine ? 'done' : 'idle')} />
      </div>
      <div className="stack">
        <OutputBlock title={`QES2 ${QES2_BY_MODE[mode].modeName} signature`} rows={mine ? rowsOf(mine.response) : null} footer={footer} testId={`qes2-${mode}-output`} />
        <ResultBox state={result} testId={`qes2-${mode}-result`} />
      </div>
    </div>
  );
}
