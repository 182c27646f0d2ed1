/**
 * The Dilion tab (docs/product.md §2.4, §4, §5, §8): message, UID, SID; Generate Signature, then Verify (enabled
 * once a signature exists). Either step runs on the server or in this browser, so a signature made
 * on one side can be verified on the other.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../components/ui/toast.tsx';
import { useAuth } from '../hooks/useAuth.ts';
import { i18n } from '../i18n/index.ts';
import { errorMessage } from '../lib/api.ts';
import { whereText, type Where } from './algorithms.ts';
import { dilionHelp, signedMessageOf } from './dilionText.ts';
import { base64Length, formatMs, previewList, shorten, withBytes } from './format.ts';
import { dilionSign, dilionVerify, type DilionSigned, type DilionVerified } from './operations.ts';
import { OutputBlock, ResultBox, type OutputRow, type VerifyState } from './Output.tsx';
import { madeText } from './timeText.ts';
import { timed, useServerRefresh } from './useServerRefresh.ts';
import { ActionButton } from '../components/ui/ActionButton.tsx';

const PLACEHOLDER_UID = 'user@example.com';

const bytes = (b64: string) => withBytes(shorten(b64, 32), base64Length(b64));

/** The privacy identifier's parts, or N/A (docs/crypto/dilion.md §3.6: pidCipher C1, C2, or 'N/A'). */
function pidRows(pid: DilionSigned['pidCipher']): OutputRow[] {
  if (pid === 'N/A' || !pid) return [{ label: 'pidCipher', value: 'N/A' }];
  return [
    { label: 'pidCipher C1', value: bytes(pid.C1) },
    { label: 'pidCipher C2', value: bytes(pid.C2) },
    { label: i18n.t('demo:dilion.rows.serviceKey'), value: shorten(pid.serviceKeyId, 16) },
  ];
}

function rowsOf(r: DilionSigned): OutputRow[] {
  return [
    { label: i18n.t('demo:op.rows.algorithm'), value: `${r.algorithm} (${r.parameterSet})` },
    { label: i18n.t('demo:op.rows.signature'), value: bytes(r.signature.encoded) },
    { label: i18n.t('demo:dilion.rows.challenge'), value: previewList(r.signature.c, 5) },
    { label: i18n.t('demo:dilion.rows.response'), value: previewList(r.signature.z, 5) },
    ...pidRows(r.pidCipher),
    { label: i18n.t('demo:dilion.rows.signedM'), value: signedMessageOf(r.pidCipher) },
    { label: i18n.t('demo:op.rows.publicKey'), value: bytes(r.publicKey) },
    { label: i18n.t('demo:op.rows.key'), value: r.keyId },
    { label: i18n.t('demo:op.rows.context'), value: r.context },
    { label: i18n.t('demo:op.rows.timestamp'), value: r.timestamp },
  ];
}

/** " · the UID matches" when the signature carried a bound UID. */
const identityText = (v: DilionVerified) => (v.details && v.pidCipher && v.pidCipher !== 'N/A' ? ` · ${i18n.t(`demo:dilion.identity.${v.details.identity}`)}` : '');

interface Signed {
  response: DilionSigned;
  where: Where;
  ms: number;
}

/** A verify's answer with where it ran, or why it failed; said in the page's language when shown. */
type Verdict = { value: DilionVerified; signedWhere: Where; where: Where; ms: number } | { error: unknown } | null;

function resultOf(verdict: Verdict): VerifyState {
  if (!verdict) return null;
  if ('error' in verdict) return { kind: 'error', text: errorMessage(verdict.error, i18n.t('demo:dilion.verifyFailed')) };
  const { value, signedWhere, where, ms } = verdict;
  const note = `${i18n.t('demo:dilion.verifiedNote', { madeWhere: whereText(signedWhere), where: whereText(where), time: formatMs(ms), ctx: value.context })}${identityText(value)}`;
  return value.valid ? { kind: 'valid', text: i18n.t('demo:dilion.valid'), note } : { kind: 'invalid', text: i18n.t('demo:dilion.invalid'), note };
}

/** Where and how long it took, then what became of the UID. */
function footerOf({ response, where, ms }: Signed): string {
  const uid =
    response.pidCipher !== 'N/A' ? i18n.t('demo:dilion.uidBound') : where === 'browser' ? i18n.t('demo:dilion.noUidBrowser') : i18n.t('demo:dilion.noUid');
  return `${madeText('signed', where, ms, response.engineMs)} ${uid}`;
}

export function DilionTab({ where }: { where: Where }) {
  const { t } = useTranslation('demo');
  const { user } = useAuth();
  const refresh = useServerRefresh();
  const [message, setMessage] = useState<string>(() => t('dilion.defaultMessage'));
  const [uid, setUid] = useState<string | null>(null);
  const [sid, setSid] = useState('service-A');
  const [busy, setBusy] = useState<'sign' | 'verify' | null>(null);
  const [signed, setSigned] = useState<Signed | null>(null);
  const [verdict, setVerdict] = useState<Verdict>(null);
  // The UID follows the signed-in user's e-mail until the visitor types their own.
  const uidValue = uid ?? user?.email ?? PLACEHOLDER_UID;
  useEffect(() => setVerdict(null), [signed]);

  async function sign() {
    setBusy('sign');
    try {
      const { value, ms } = await timed(() => dilionSign(where, { message, uid: uidValue, sid }));
      setSigned({ response: value, where, ms });
      if (where === 'server') refresh();
      toast({ title: t('dilion.generated'), description: madeText('signed', where, ms), variant: 'success' });
    } catch (error) {
      toast({ title: t('op.error'), description: errorMessage(error, t('dilion.signFailed')), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function verify() {
    if (!signed) {
      toast({ title: t('op.verificationError'), description: t('dilion.noSignature'), variant: 'destructive' });
      return;
    }
    setBusy('verify');
    try {
      const { response } = signed;
      const { value, ms } = await timed(() =>
        dilionVerify(where, { message, uid: uidValue, sid, signature: response.signature, publicKey: response.publicKey }),
      );
      if (where === 'server') refresh();
      setVerdict({ value, signedWhere: signed.where, where, ms });
      if (value.valid) toast({ title: t('dilion.verified'), description: t('op.signatureValid'), variant: 'success' });
      else toast({ title: t('dilion.verified'), description: t('op.signatureInvalid'), variant: 'destructive' });
    } catch (error) {
      setVerdict({ error });
      toast({ title: t('op.verificationError'), description: errorMessage(error, t('dilion.verifyFailed')), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="demo-grid">
      <div className="card stack">
        <div className="field">
          <label htmlFor="dilion-message">{t('op.message')}</label>
          <textarea id="dilion-message" className="textarea" value={message} onChange={(e) => setMessage(e.target.value)} />
        </div>
        <div className="grid grid-2 demo-tight">
          <div className="field">
            <label htmlFor="dilion-uid">{t('dilion.uid')}</label>
            <input id="dilion-uid" className="input" value={uidValue} onChange={(e) => setUid(e.target.value)} placeholder={PLACEHOLDER_UID} />
          </div>
          <div className="field">
            <label htmlFor="dilion-sid">{t('dilion.sid')}</label>
            {/* "default" is the SID the server uses when none is given: a value, not a text to translate. */}
            <input id="dilion-sid" className="input" value={sid} onChange={(e) => setSid(e.target.value)} placeholder="default" />
          </div>
        </div>
        <div className="row">
          <ActionButton className="btn btn-primary" onClick={sign} inactive={busy !== null}>
            {busy === 'sign' ? t('dilion.generating') : t('dilion.generate')}
          </ActionButton>
          <ActionButton className="btn btn-secondary" onClick={verify} inactive={busy !== null || !signed}>
            {busy === 'verify' ? t('op.verifying') : t('op.verify')}
          </ActionButton>
        </div>
        <p className="muted demo-small" data-testid="dilion-help">
          {dilionHelp(signed?.response ?? null)}
        </p>
      </div>
      <div className="stack">
        <OutputBlock title={t('dilion.output')} rows={signed ? rowsOf(signed.response) : null} footer={signed && footerOf(signed)} testId="dilion-output" />
        <ResultBox state={resultOf(verdict)} testId="dilion-result" />
      </div>
    </div>
  );
}
