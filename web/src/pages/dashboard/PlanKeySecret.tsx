/** A plan key's value and secret: the secret issued with the plan is fetched once, on first view, like the sign-up key's. */
import { useEffect } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { SecretField, SecretUnavailable } from './SecretField.tsx';
import { claimReveal, useKeptSecret } from './secretStore.ts';
import type { PlanKeyView } from './types.ts';
import { useRevealPlanKey } from './usePurchases.ts';

export function PlanKeySecret({ planKey }: { planKey: PlanKeyView }) {
  const owner = `plan:${planKey.id}` as const;
  const secret = useKeptSecret(owner);
  const reveal = useRevealPlanKey();
  const { mutate: fetchSecret } = reveal;
  const waiting = planKey.secretRevealable && !secret;
  useEffect(() => {
    if (waiting && claimReveal(owner)) fetchSecret(planKey.id);
  }, [waiting, owner, planKey.id, fetchSecret]);

  return (
    <>
      <SecretField label="API Key" value={planKey.keyValue} kind="key" />
      {secret ? (
        <>
          <SecretField label="API Secret" value={secret} kind="secret" />
          <p className="once-note" role="note">
            This is the only time this secret is shown: copy it now. It is not stored.
          </p>
        </>
      ) : waiting ? (
        <SecretUnavailable reason={reveal.isError ? `Could not fetch it (${errorMessage(reveal.error, 'no answer')}): reload to try again.` : 'Fetching the secret…'} />
      ) : (
        <SecretUnavailable reason="Shown once, when the plan was issued, and not stored." />
      )}
    </>
  );
}
