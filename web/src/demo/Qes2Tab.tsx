/**
 * The QES2_ECDSA and QES2_Schnorr tabs (docs/product.md §2.4, §4, §5, §8): one message shared by both tabs,
 * Generate and Verify (enabled only for a signature of this tab's mode), an output block, the
 * four-step process flow and the verification result. Either step runs on the server or in this
 * browser, so a signature made on one side can be verified on the other.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QES2_BY_MODE } from '../../../shared/schemes.ts';
import { toast } from '../components/ui/toast.tsx';
import { i18n } from '../i18n/index.ts';
import { errorMessage } from '../lib/api.ts';
import type { Where } from './algorithms.ts';
import { qes2Steps } from './flowSteps.ts';
import { base64Length, previewList, shorten, withBytes } from './format.ts';
import { qes2Sign, qes2Verify, type Qes2Mode, type Qes2Signed, type Qes2Verified } from './operations.ts';
import { OutputBlock, ResultBox, type OutputRow, type VerifyState } from './Output.tsx';
import { flowStates, ProcessFlow } from './ProcessFlow.tsx';
import { madeText, verifiedText } from './timeText.ts';
import { timed, useServerRefresh } from './useServerRefresh.ts';
import { ActionButton } from '../components/ui/ActionButton.tsx';

/** The tabs' shared signature: its answer, where it was made and how long the page waited for it. */
export interface Qes2TabSigned {
  mode: Qes2Mode;
  response: Qes2Signed;
  where: Where;
  ms: number;
}

const bytes = (b64: string) => withBytes(shorten(b64, 32), base64Length(b64));

/** The fields of docs/crypto/qes2.md §8 (mode, dilithium.c, secondary, challenge) and the rest of the answer. */
function rowsOf(r: Qes2Signed): OutputRow[] {
  const s = r.signature;
  return [
    { label: i18n.t('demo:op.rows.algorithm'), value: r.algorithm },
    { label: i18n.t('demo:qes2.rows.mode'), value: s.mode },
    { label: i18n.t('demo:op.rows.signature'), value: bytes(s.encoded) },
    { label: i18n.t('demo:qes2.rows.dilithiumC'), value: previewList(s.dilithium.c, 3) },
    { label: i18n.t('demo:qes2.rows.dilithiumZ'), value: previewList(s.dilithium.z, 3) },
    { label: i18n.t('demo:qes2.rows.secondary'), value: shorten(s.secondary, 32) },
    { label: i18n.t('demo:qes2.rows.challenge'), value: shorten(s.challenge, 16) },
    { label: i18n.t('demo:op.rows.publicKey'), value: bytes(r.publicKey) },
    { label: i18n.t('demo:op.rows.key'), value: r.keyId },
    { label: i18n.t('demo:qes2.rows.label'), value: r.label },
    { label: i18n.t('demo:op.rows.timestamp'), value: r.timestamp },
  ];
}

/** "ML-DSA-65 half ✓ · secp256k1 half ✓." from a verify answer's details. */
function halves(value: Qes2Verified): string {
  const mark = (v: boolean) => (v ? '✓' : '✗');
  return i18n.t('demo:qes2.halves', { mlDsa: mark(value.details.mlDsaValid), secp: mark(value.details.secp256k1Valid) });
}

/** A verify's answer with where it ran, or why it failed; said in the page's language when shown. */
type Verdict = { value: Qes2Verified; signedWhere: Where; where: Where; ms: number } | { error: unknown } | null;

function resultOf(verdict: Verdict): VerifyState {
  if (!verdict) return null;
  if ('error' in verdict) return { kind: 'error', text: errorMessage(verdict.error, i18n.t('demo:qes2.verifyFailed')) };
  const { value, signedWhere, where, ms } = verdict;
  const note = `${verifiedText('signed', signedWhere, where, ms, value.engineMs)} ${halves(value)}`;
  return value.valid ? { kind: 'valid', text: i18n.t('demo:qes2.valid'), note } : { kind: 'invalid', text: i18n.t('demo:qes2.invalid'), note };
}

export function Qes2Tab(props: {
  mode: Qes2Mode;
  where: Where;
  message: string;
  onMessage: (message: string) => void;
  signed: Qes2TabSigned | null;
  onSigned: (signed: Qes2TabSigned | null) => void;
}) {
  const { mode, where, message, signed } = props;
  const { t } = useTranslation('demo');
  const refresh = useServerRefresh();
  const [busy, setBusy] = useState<'sign' | 'verify' | null>(null);
  const [phase, setPhase] = useState<'idle' | 'running' | 'done' | 'failed'>('idle');
  const [verdict, setVerdict] = useState<Verdict>(null);
  const mine = signed?.mode === mode ? signed : null;
  // A new signature (from either tab) makes the last verdict stale.
  useEffect(() => setVerdict(null), [signed]);

  async function generate() {
    setBusy('sign');
    setPhase('running');
    setVerdict(null);
    try {
      const { value, ms } = await timed(() => qes2Sign(where, mode, message));
      props.onSigned({ mode, response: value, where, ms });
      setPhase('done');
      if (where === 'server') refresh();
      toast({ title: t('qes2.generated'), description: madeText('signed', where, ms), variant: 'success' });
    } catch (error) {
      setPhase('failed');
      toast({ title: t('op.error'), description: errorMessage(error, t('qes2.signFailed')), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function verify() {
    if (!mine) {
      toast({ title: t('op.verificationError'), description: t('qes2.noSignature'), variant: 'destructive' });
      return;
    }
    setBusy('verify');
    try {
      const { value, ms } = await timed(() => qes2Verify(where, mode, message, mine.response.signature, mine.response.publicKey));
      if (where === 'server') refresh();
      setVerdict({ value, signedWhere: mine.where, where, ms });
      if (value.valid) toast({ title: t('qes2.verified'), description: t('op.signatureValid'), variant: 'success' });
      else toast({ title: t('qes2.verified'), description: t('op.signatureInvalid'), variant: 'destructive' });
    } catch (error) {
      setVerdict({ error });
      toast({ title: t('op.verificationError'), description: errorMessage(error, t('qes2.verifyFailed')), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  // Shown before a signer has said which steps it ran (its answer carries the same `signature.steps`).
  const steps = qes2Steps(mode, mine?.response.signature.steps);
  const footer = mine && madeText('signed', mine.where, mine.ms, mine.response.engineMs);
  return (
    <div className="demo-grid">
      <div className="card stack">
        <div className="field">
          <label htmlFor={`qes2-${mode}-message`}>{t('op.message')}</label>
          <textarea id={`qes2-${mode}-message`} className="textarea" value={message} onChange={(e) => props.onMessage(e.target.value)} />
        </div>
        <p className="muted demo-small">{t('qes2.sharedMessage')}</p>
        <div className="row">
          <ActionButton className="btn btn-primary" onClick={generate} inactive={busy !== null}>
            {busy === 'sign' ? t('qes2.processing') : t('qes2.generate')}
          </ActionButton>
          <ActionButton className="btn btn-secondary" onClick={verify} inactive={busy !== null || !mine}>
            {busy === 'verify' ? t('op.verifying') : t('op.verify')}
          </ActionButton>
        </div>
        {/* All four steps run inside one engine call, so they are lit together when its answer arrives. */}
        <ProcessFlow title={t('qes2.flow')} steps={steps} states={flowStates(phase === 'running' || phase === 'failed' ? phase : mine ? 'done' : 'idle')} />
      </div>
      <div className="stack">
        <OutputBlock title={t('qes2.output', { mode: QES2_BY_MODE[mode].modeName })} rows={mine ? rowsOf(mine.response) : null} footer={footer} testId={`qes2-${mode}-output`} />
        <ResultBox state={resultOf(verdict)} testId={`qes2-${mode}-result`} />
      </div>
    </div>
  );
}
