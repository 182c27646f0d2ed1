/**
 * Two-factor sign-in in the Security tab (docs/decisions/039): set it up (scan the QR code or type
 * the secret, then confirm with a code), keep the recovery codes shown once, make new ones, or turn
 * it off. The last two need step-up.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../../../server/contract/two-factor.ts';
import { ActionButton } from '../../components/ui/ActionButton.tsx';
import { CopyButton } from '../../components/ui/CopyButton.tsx';
import { Field, invalidProps } from '../../components/ui/Field.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { AUTH_KEY } from '../../hooks/useAuth.ts';
import { ApiError, apiRequest, errorMessage } from '../../lib/api.ts';
import { withStepUp } from '../../lib/stepUp.ts';
import { ConfirmButton } from './ConfirmButton.tsx';

const STATUS_KEY = ['/api/auth/two-factor'] as const;
type Setup = z.infer<typeof TwoFactorSetup>;

function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <div className="alert alert-info stack" role="status" data-testid="recovery-codes">
      <strong>Your recovery codes</strong>
      <span className="small">Each opens your account once if you lose your phone. Keep them somewhere safe: they are not shown again.</span>
      <ul className="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <CopyButton text={codes.join('\n')} label="Copy" what="recovery codes" />
    </div>
  );
}

function SetUp({ setup, onDone }: { setup: Setup; onDone: (codes: string[]) => void }) {
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    void QRCode.toDataURL(setup.uri, { margin: 1, width: 180 }).then(setQr);
  }, [setup.uri]);
  const enable = useMutation({
    mutationFn: () => apiRequest<z.infer<typeof RecoveryCodes>>('POST', '/api/auth/two-factor/enable', { code: code.trim() }),
    onSuccess: ({ recoveryCodes }) => onDone(recoveryCodes),
    onError: (failure) => setError(failure instanceof ApiError ? failure.serverMessage : errorMessage(failure, 'The code could not be checked')),
  });
  return (
    <div className="stack two-factor-setup">
      <p className="small" style={{ margin: 0 }}>
        1. Scan this code with an authenticator app (Google Authenticator, 1Password, Authy, Aegis...), or type the secret into it.
      </p>
      {qr && <img src={qr} width={180} height={180} alt="QR code of the two-factor secret for your authenticator app" />}
      <p className="small" style={{ margin: 0 }}>
        Secret: <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      <form
        className="stack"
        aria-label="Confirm two-factor set-up"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim().length !== 6) return setError('Enter the 6 digits your app shows for PQ Platform.');
          enable.mutate();
        }}
      >
        <Field id="totp-confirm" label="2. Enter the 6-digit code it shows" error={error}>
          <input id="totp-confirm" className="input" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)}
            {...invalidProps('totp-confirm', error)} />
        </Field>
        <ActionButton type="submit" className="btn btn-primary" inactive={enable.isPending}>
          {enable.isPending ? 'Checking...' : 'Turn on two-factor sign-in'}
        </ActionButton>
      </form>
    </div>
  );
}

export function TwoFactorCard() {
  const client = useQueryClient();
  const status = useQuery<z.infer<typeof TwoFactorStatus>>({ queryKey: STATUS_KEY, staleTime: 0 });
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: STATUS_KEY }), client.invalidateQueries({ queryKey: AUTH_KEY })]);
  const failed = (title: string) => (error: unknown) => toast({ title: 'Error', description: errorMessage(error, title), variant: 'destructive' });
  const begin = useMutation({ mutationFn: () => apiRequest<Setup>('POST', '/api/auth/two-factor/setup'), onSuccess: setSetup, onError: failed('The set-up could not start') });
  const renew = useMutation({
    mutationFn: () => withStepUp(() => apiRequest<z.infer<typeof RecoveryCodes>>('POST', '/api/auth/two-factor/recovery-codes')),
    onSuccess: ({ recoveryCodes }) => setCodes(recoveryCodes),
    onError: failed('New codes could not be made'),
    onSettled: refresh,
  });
  const disable = useMutation({
    mutationFn: () => withStepUp(() => apiRequest('DELETE', '/api/auth/two-factor')),
    onSuccess: () => {
      setCodes(null);
      toast({ title: 'Two-factor sign-in is off', description: 'Signing in needs only your password again.', variant: 'success' });
    },
    onError: failed('Two-factor sign-in could not be turned off'),
    onSettled: refresh,
  });
  const on = status.data?.enabled === true;
  return (
    <section className="card dash-card" aria-labelledby="two-factor-heading">
      <div className="card-head">
        <h2 id="two-factor-heading">Two-factor sign-in</h2>
        {status.data && <span className={`badge ${on ? 'badge-success' : ''}`}>{on ? 'On' : 'Off'}</span>}
      </div>
      {codes && <RecoveryCodeList codes={codes} />}
      {on ? (
        <>
          <p className="muted small" data-testid="two-factor-on">
            Signing in asks for a code from your authenticator app after the password, and so do key rotation, plan purchases and account
            deletion once 10 minutes have passed. {status.data!.recoveryCodesLeft} recovery code{status.data!.recoveryCodesLeft === 1 ? '' : 's'} left.
          </p>
          <div className="row key-actions">
            <ActionButton className="btn btn-secondary btn-sm" inactive={renew.isPending} onClick={() => renew.mutate()}>
              New recovery codes
            </ActionButton>
            <ConfirmButton
              label="Turn off"
              question="Turn two-factor sign-in off? Your password alone will open the account."
              busy={disable.isPending}
              choices={[{ label: 'Turn it off', onChoose: () => disable.mutate() }]}
            />
          </div>
        </>
      ) : setup ? (
        <SetUp
          setup={setup}
          onDone={(recoveryCodes) => {
            setSetup(null);
            setCodes(recoveryCodes);
            toast({ title: 'Two-factor sign-in is on', description: 'Keep your recovery codes somewhere safe.', variant: 'success' });
            void refresh();
          }}
        />
      ) : (
        <>
          <p className="muted small">
            Ask for a code from an authenticator app after your password, so a leaked password alone does not open your account.
          </p>
          <ActionButton className="btn btn-primary" inactive={begin.isPending} onClick={() => begin.mutate()}>
            Set up two-factor sign-in
          </ActionButton>
        </>
      )}
    </section>
  );
}
