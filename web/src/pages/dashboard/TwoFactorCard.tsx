/**
 * Two-factor sign-in in the Security tab (docs/decisions/039): set it up (scan the QR code or type
 * the secret, then confirm with a code), keep the recovery codes shown once, make new ones, or turn
 * it off. The last two need step-up.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('dashboard');
  return (
    <div className="alert alert-info stack" role="status" data-testid="recovery-codes">
      <strong>{t('twoFactor.codes.heading')}</strong>
      <span className="small">{t('twoFactor.codes.text')}</span>
      <ul className="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <CopyButton text={codes.join('\n')} what={t('twoFactor.codes.what')} />
    </div>
  );
}

function SetUp({ setup, onDone }: { setup: Setup; onDone: (codes: string[]) => void }) {
  const { t } = useTranslation('dashboard');
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    void QRCode.toDataURL(setup.uri, { margin: 1, width: 180 }).then(setQr);
  }, [setup.uri]);
  const enable = useMutation({
    mutationFn: () => apiRequest<z.infer<typeof RecoveryCodes>>('POST', '/api/auth/two-factor/enable', { code: code.trim() }),
    onSuccess: ({ recoveryCodes }) => onDone(recoveryCodes),
    onError: (failure) => setError(failure instanceof ApiError ? failure.serverMessage : errorMessage(failure, t('twoFactor.setup.failed'))),
  });
  return (
    <div className="stack two-factor-setup">
      <p className="small" style={{ margin: 0 }}>
        {t('twoFactor.setup.scan')}
      </p>
      {qr && <img src={qr} width={180} height={180} alt={t('twoFactor.setup.qr')} />}
      <p className="small" style={{ margin: 0 }}>
        {t('twoFactor.setup.secret')} <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      <form
        className="stack"
        aria-label={t('twoFactor.setup.form')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim().length !== 6) return setError(t('twoFactor.setup.sixDigits'));
          enable.mutate();
        }}
      >
        <Field id="totp-confirm" label={t('twoFactor.setup.code')} error={error}>
          <input id="totp-confirm" className="input" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)}
            {...invalidProps('totp-confirm', error)} />
        </Field>
        <ActionButton type="submit" className="btn btn-primary" inactive={enable.isPending}>
          {enable.isPending ? t('shared.checking') : t('twoFactor.setup.button')}
        </ActionButton>
      </form>
    </div>
  );
}

export function TwoFactorCard() {
  const { t } = useTranslation('dashboard');
  const client = useQueryClient();
  const status = useQuery<z.infer<typeof TwoFactorStatus>>({ queryKey: STATUS_KEY, staleTime: 0 });
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: STATUS_KEY }), client.invalidateQueries({ queryKey: AUTH_KEY })]);
  const failed = (fallback: string) => (error: unknown) => toast({ title: t('shared.error'), description: errorMessage(error, fallback), variant: 'destructive' });
  const begin = useMutation({ mutationFn: () => apiRequest<Setup>('POST', '/api/auth/two-factor/setup'), onSuccess: setSetup, onError: failed(t('twoFactor.setUpFailed')) });
  const renew = useMutation({
    mutationFn: () => withStepUp(() => apiRequest<z.infer<typeof RecoveryCodes>>('POST', '/api/auth/two-factor/recovery-codes')),
    onSuccess: ({ recoveryCodes }) => setCodes(recoveryCodes),
    onError: failed(t('twoFactor.codesFailed')),
    onSettled: refresh,
  });
  const disable = useMutation({
    mutationFn: () => withStepUp(() => apiRequest('DELETE', '/api/auth/two-factor')),
    onSuccess: () => {
      setCodes(null);
      toast({ title: t('twoFactor.offDone'), description: t('twoFactor.offDoneText'), variant: 'success' });
    },
    onError: failed(t('twoFactor.turnOffFailed')),
    onSettled: refresh,
  });
  const on = status.data?.enabled === true;
  return (
    <section className="card dash-card" aria-labelledby="two-factor-heading">
      <div className="card-head">
        <h2 id="two-factor-heading">{t('twoFactor.heading')}</h2>
        {status.data && <span className={`badge ${on ? 'badge-success' : ''}`}>{t(on ? 'twoFactor.on' : 'twoFactor.off')}</span>}
      </div>
      {codes && <RecoveryCodeList codes={codes} />}
      {on ? (
        <>
          <p className="muted small" data-testid="two-factor-on">
            {t('twoFactor.onText')} {t('twoFactor.codesLeft', { count: status.data!.recoveryCodesLeft })}
          </p>
          <div className="row key-actions">
            <ActionButton className="btn btn-secondary btn-sm" inactive={renew.isPending} onClick={() => renew.mutate()}>
              {t('twoFactor.newCodes')}
            </ActionButton>
            <ConfirmButton
              label={t('twoFactor.turnOff')}
              question={t('twoFactor.turnOffQuestion')}
              busy={disable.isPending}
              choices={[{ label: t('twoFactor.turnOffChoice'), onChoose: () => disable.mutate() }]}
            />
          </div>
        </>
      ) : setup ? (
        <SetUp
          setup={setup}
          onDone={(recoveryCodes) => {
            setSetup(null);
            setCodes(recoveryCodes);
            toast({ title: t('twoFactor.onDone'), description: t('twoFactor.onDoneText'), variant: 'success' });
            void refresh();
          }}
        />
      ) : (
        <>
          <p className="muted small">
            {t('twoFactor.offLead')}
          </p>
          <ActionButton className="btn btn-primary" inactive={begin.isPending} onClick={() => begin.mutate()}>
            {t('twoFactor.setUp')}
          </ActionButton>
        </>
      )}
    </section>
  );
}
