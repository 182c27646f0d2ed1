/**
 * The zk-FIDNA tab (docs/product.md §2.4, §4, §5, §8): secret X, balance Y, circuit type; Generate
 * zk-FIDNA, then Verify once a proof exists; the four-step ω flow, the proof's commitments,
 * challenges and five response scalars, and every verify check. It proves in this browser unless
 * the server is chosen (docs/decisions/025), so X and Y stay on the device; either side verifies
 * a proof made on either.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZK_FIDNA_CIRCUITS, type ZkCircuit } from '../../../shared/zkfidna.ts';
import { Select } from '../components/ui/Select.tsx';
import { toast } from '../components/ui/toast.tsx';
import { i18n } from '../i18n/index.ts';
import { errorMessage } from '../lib/api.ts';
import type { Where } from './algorithms.ts';
import { zkSteps } from './flowSteps.ts';
import { zkProve, zkVerify, type ZkProved, type ZkVerified } from './operations.ts';
import { OutputBlock, ResultBox, type VerifyState } from './Output.tsx';
import { flowStates, ProcessFlow } from './ProcessFlow.tsx';
import { madeText, verifiedText } from './timeText.ts';
import { timed, useServerRefresh } from './useServerRefresh.ts';
import { amountRefusal } from './zkAmountText.ts';
import { amountOf, circuitHelp, circuitLabel, detailRows, proofRows } from './zkFidnaText.ts';
import { ActionButton } from '../components/ui/ActionButton.tsx';

interface Proved {
  response: ZkProved;
  where: Where;
  ms: number;
}

function footerOf(p: Proved): string {
  const time = madeText('proved', p.where, p.ms, p.response.engineMs);
  return `${time} ${i18n.t(p.where === 'browser' ? 'demo:zk.stayed' : 'demo:zk.serverSaw')}`;
}

/** A verify's answer with where it ran, or why it failed; said in the page's language when shown. */
type Verdict = { value: ZkVerified; provedWhere: Where; where: Where; ms: number } | { error: unknown } | null;

function resultOf(verdict: Verdict): VerifyState {
  if (!verdict) return null;
  if ('error' in verdict) return { kind: 'error', text: errorMessage(verdict.error, i18n.t('demo:zk.verifyFailed')) };
  const { value, provedWhere, where, ms } = verdict;
  const note = verifiedText('proved', provedWhere, where, ms, value.engineMs);
  return value.valid ? { kind: 'valid', text: i18n.t('demo:zk.valid'), note } : { kind: 'invalid', text: i18n.t('demo:zk.invalid'), note };
}

export function ZkFidnaTab({ where }: { where: Where }) {
  const { t } = useTranslation('demo');
  const refresh = useServerRefresh();
  const [secret, setSecret] = useState('650000');
  const [balance, setBalance] = useState('21930000');
  const [circuit, setCircuit] = useState<ZkCircuit>('balance_proof');
  const [busy, setBusy] = useState<'prove' | 'verify' | null>(null);
  const [phase, setPhase] = useState<'idle' | 'running' | 'done' | 'failed'>('idle');
  const [proved, setProved] = useState<Proved | null>(null);
  const [verdict, setVerdict] = useState<Verdict>(null);
  const verified = verdict && 'value' in verdict ? verdict.value : null;
  async function prove() {
    setBusy('prove');
    setPhase('running');
    // A new proof makes the last verdict stale.
    setVerdict(null);
    // An empty field is left out, so the prover says it is required.
    const sent = { secretValue: amountOf(secret), balanceValue: amountOf(balance) };
    try {
      const { value, ms } = await timed(() => zkProve(where, { ...sent, circuitType: circuit }));
      setProved({ response: value, where, ms });
      setPhase('done');
      if (where === 'server') refresh();
      toast({ title: t('zk.generated'), description: madeText('proved', where, ms), variant: 'success' });
    } catch (error) {
      setPhase('failed');
      // The proof on screen was made from other values: left there, Verify would check it and not
      // the one just refused (docs/product.md §4), so a failed prove clears it.
      setProved(null);
      toast({ title: t('op.error'), description: amountRefusal(errorMessage(error, t('zk.proveFailed')), sent), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function verify() {
    if (!proved) {
      toast({ title: t('op.verificationError'), description: t('zk.noProof'), variant: 'destructive' });
      return;
    }
    setBusy('verify');
    try {
      const { proof, publicInput } = proved.response;
      const { value, ms } = await timed(() => zkVerify(where, { proof, publicInput }));
      if (where === 'server') refresh();
      setVerdict({ value, provedWhere: proved.where, where, ms });
      if (value.valid) toast({ title: t('zk.verified'), description: t('zk.proofValid'), variant: 'success' });
      else toast({ title: t('zk.verified'), description: t('zk.proofInvalid'), variant: 'destructive' });
    } catch (error) {
      setVerdict({ error });
      toast({ title: t('op.verificationError'), description: errorMessage(error, t('zk.verifyFailed')), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="demo-grid">
      <div className="card stack">
        <div className="grid grid-2 demo-tight">
          <div className="field">
            <label htmlFor="zk-secret">{t('zk.secret')}</label>
            <input id="zk-secret" className="input" type="number" min={1} value={secret} onChange={(e) => setSecret(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="zk-balance">{t('zk.balance')}</label>
            <input id="zk-balance" className="input" type="number" min={0} value={balance} onChange={(e) => setBalance(e.target.value)} />
          </div>
        </div>
        <div className="field">
          <label htmlFor="zk-circuit">{t('zk.circuit')}</label>
          <Select
            id="zk-circuit"
            label={t('zk.circuit')}
            value={circuit}
            onValueChange={(v) => setCircuit(v as ZkCircuit)}
            options={ZK_FIDNA_CIRCUITS.map((value) => ({ value, label: circuitLabel(value) }))}
          />
        </div>
        <p className="muted demo-small" data-testid="zk-circuit-help">
          {circuitHelp(circuit)}
        </p>
        <div className="row">
          <ActionButton className="btn btn-primary" onClick={prove} inactive={busy !== null}>
            {busy === 'prove' ? t('zk.proving') : t('zk.generate')}
          </ActionButton>
          <ActionButton className="btn btn-secondary" onClick={verify} inactive={busy !== null || !proved}>
            {busy === 'verify' ? t('op.verifying') : t('op.verify')}
          </ActionButton>
        </div>
        {/* The four steps run inside one engine call (or one request), so they are lit together when its answer arrives. */}
        <ProcessFlow title={t('zk.flow')} steps={zkSteps()} states={flowStates(phase === 'running' || phase === 'failed' ? phase : proved ? 'done' : 'idle')} />
      </div>
      <div className="stack">
        <OutputBlock title={t('zk.output')} rows={proved ? proofRows(proved.response) : null} footer={proved && footerOf(proved)} testId="zk-output" />
        <ResultBox state={resultOf(verdict)} testId="zk-result" />
        {verified && <OutputBlock title={t('zk.checks')} rows={detailRows(verified.details)} testId="zk-checks" wide />}
      </div>
    </div>
  );
}
