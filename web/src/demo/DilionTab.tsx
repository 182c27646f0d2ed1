/**
 * The Dilion tab (docs/product.md §2.4, §4, §5, §8): message, UID, SID; Generate Signature, then Verify (enabled
 * once a signature exists). Either step runs on the server or in this browser, so a signature made
 * on one side can be verified on the other.
 */
import { useEffect, useState } from 'react';
import { toast } from '../components/ui/toast.tsx';
import { useAuth } from '../hooks/useAuth.ts';
import { errorMessage } from '../lib/api.ts';
import { whereText, type Where } from './algorithms.ts';
import { dilionHelp, signedMessageOf } from './dilionText.ts';
import { base64Length, formatMs, previewList, shorten } from './format.ts';
import { dilionSign, dilionVerify, type DilionSigned, type DilionVerified } from './operations.ts';
import { OutputBlock, ResultBox, type VerifyState } from './Output.tsx';
import { timed, useServerRefresh } from './useServerRefresh.ts';
import { ActionButton } from '../components/ui/ActionButton.tsx';

const PLACEHOLDER_UID = 'user@example.com';

/** The privacy identifier's parts, or N/A (docs/crypto/dilion.md §3.6: pidCipher C1, C2, or 'N/A'). */
function pidRows(pid: DilionSigned['pidCipher']) {
  if (pid === 'N/A' || !pid) return [{ label: 'pidCipher', value: 'N/A' }];
  return [
    { label: 'pidCipher C1', value: `${shorten(pid.C1, 32)} (${base64Length(pid.C1).toLocaleString('en-US')} bytes)` },
    { label: 'pidCipher C2', value: `${shorten(pid.C2, 32)} (${base64Length(pid.C2).toLocaleString('en-US')} bytes)` },
    { label: 'Service key', value: shorten(pid.serviceKeyId, 16) },
  ];
}

const IDENTITY = { match: 'the UID matches', mismatch: 'the UID does not match', not_checked: 'UID not checked' } as const;
const identityText = (v: DilionVerified) => (v.details && v.pidCipher && v.pidCipher !== 'N/A' ? ` · ${IDENTITY[v.details.identity]}` : '');

interface Signed {
  response: DilionSigned;
  where: Where;
  ms: number;
}

export function DilionTab({ where }: { where: Where }) {
  const { user } = useAuth();
  const refresh = useServerRefresh();
  const [message, setMessage] = useState('authentication request');
  const [uid, setUid] = useState<string | null>(null);
  const [sid, setSid] = useState('service-A');
  const [busy, setBusy] = useState<'sign' | 'verify' | null>(null);
  const [signed, setSigned] = useState<Signed | null>(null);
  const [result, setResult] = useState<VerifyState>(null);
  // The UID follows the signed-in user's e-mail until the visitor types their own.
  const uidValue = uid ?? user?.email ?? PLACEHOLDER_UID;
  useEffect(() => setResult(null), [signed]);

  async function sign() {
    setBusy('sign');
    try {
      const { value, ms } = await timed(() => dilionSign(where, { message, uid: uidValue, sid }));
      setSigned({ response: value, where, ms });
      if (where === 'server') refresh();
      toast({ title: 'Dilion Signature Generated', description: `Signed ${whereText(where)} in ${formatMs(ms)}.`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to generate Dilion signature'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function verify() {
    if (!signed) {
      toast({ title: 'Verification Error', description: 'No signature to verify. Please generate a signature first.', variant: 'destructive' });
      return;
    }
    setBusy('verify');
    try {
      const { response } = signed;
      const { value, ms } = await timed(() =>
        dilionVerify(where, { message, uid: uidValue, sid, signature: response.signature, publicKey: response.publicKey }),
      );
      if (where === 'server') refresh();
      const note = `Signed ${whereText(signed.where)}, verified ${whereText(where)} in ${formatMs(ms)} · context ${value.context}${identityText(value)}`;
      if (value.valid) {
        setResult({ kind: 'valid', text: 'Valid signature', note });
        toast({ title: 'Verification Complete', description: 'The signature is valid.', variant: 'success' });
      } else {
        setResult({ kind: 'invalid', text: 'Invalid signature', note });
        toast({ title: 'Verification Complete', description: 'The signature is invalid.', variant: 'destructive' });
      }
    } catch (error) {
      const text = errorMessage(error, 'Verification failed');
      setResult({ kind: 'error', text });
      toast({ title: 'Verification Error', description: text, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  const r = signed?.response;
  const rows = r ? [
    { label: 'Algorithm', value: `${r.algorithm} (${r.parameterSet})` },
    { label: 'Signature', value: `${shorten(r.signature.encoded, 32)} (${base64Length(r.signature.encoded).toLocaleString('en-US')} bytes)` },
    { label: 'c (challenge)', value: previewList(r.signature.c, 5) },
    { label: 'z (response)', value: previewList(r.signature.z, 5) },
    ...pidRows(r.pidCipher),
    { label: 'Signed M', value: signedMessageOf(r.pidCipher) },
    { label: 'Public key', value: `${shorten(r.publicKey, 32)} (${base64Length(r.publicKey).toLocaleString('en-US')} bytes)` },
    { label: 'Key', value: r.keyId },
    { label: 'Context', value: r.context },
    { label: 'Timestamp', value: r.timestamp },
  ] : null;
  const footer =
    signed &&
    `Signed ${whereText(signed.where)} in ${formatMs(signed.ms)}${signed.response.engineMs !== undefined ? ` (engine: ${formatMs(signed.response.engineMs)})` : ''}. ${
      signed.response.pidCipher !== 'N/A'
        ? 'The UID is sealed to the service’s ML-KEM-768 key (pidCipher) and bound into the signature: only the service can read it.'
        : signed.where === 'browser'
          ? 'Signed without a UID: binding one seals it to the service’s key, which the server does.'
          : 'No UID was given, so none is bound (pidCipher N/A).'
    }`;

  return (
    <div className="demo-grid">
      <div className="card stack">
        <div className="field">
          <label htmlFor="dilion-message">Message</label>
          <textarea id="dilion-message" className="textarea" value={message} onChange={(e) => setMessage(e.target.value)} />
        </div>
        <div className="grid grid-2 demo-tight">
          <div className="field">
            <label htmlFor="dilion-uid">User ID (UID)</label>
            <input id="dilion-uid" className="input" value={uidValue} onChange={(e) => setUid(e.target.value)} placeholder={PLACEHOLDER_UID} />
          </div>
          <div className="field">
            <label htmlFor="dilion-sid">Service ID (SID)</label>
            <input id="dilion-sid" className="input" value={sid} onChange={(e) => setSid(e.target.value)} placeholder="default" />
          </div>
        </div>
        <div className="row">
          <ActionButton className="btn btn-primary" onClick={sign} inactive={busy !== null}>
            {busy === 'sign' ? 'Generating...' : 'Generate Signature'}
          </ActionButton>
          <ActionButton className="btn btn-secondary" onClick={verify} inactive={busy !== null || !signed}>
            {busy === 'verify' ? 'Verifying...' : 'Verify'}
          </ActionButton>
        </div>
        <p className="muted demo-small" data-testid="dilion-help">
          {dilionHelp(signed?.response ?? null)}
        </p>
      </div>
      <div className="stack">
        <OutputBlock title="Signature" rows={rows} footer={footer} testId="dilion-output" />
        <ResultBox state={result} testId="dilion-result" />
      </div>
    </div>
  );
}
