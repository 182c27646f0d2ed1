/**
 * The three specification cards with the real figures of docs/crypto/dilion.md §5, docs/crypto/qes2.md §3 and
 * docs/crypto/zk-fidna.md §10, and times measured by bench/README.md
 * (not the prototype's "2.5 KB key, 2.8 KB signature, +20 %, 300-byte proof, trusted CRS").
 * Texts in the `tech` catalogue (docs/decisions/041); figures are written into each language's text.
 */
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { HybridIcon, LatticeIcon, ProofIcon } from '../home/icons.tsx';

interface Row {
  label: string;
  value: ReactNode;
  note?: ReactNode;
}

/** `id` names the card for tests in every language; `title` is what the reader sees. */
function SpecCard(props: { id: string; icon: ReactNode; title: string; subtitle: string; rows: Row[]; footer: ReactNode }) {
  const { id, icon, title, subtitle, rows, footer } = props;
  return (
    <article className="card spec-card" data-testid={`spec-${id}`}>
      <header>
        <div className="icon-bubble">{icon}</div>
        <div>
          <h3 style={{ margin: 0 }}>{title}</h3>
          <p>{subtitle}</p>
        </div>
      </header>
      <table className="spec-table">
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td>
                {r.value}
                {r.note && <small>{r.note}</small>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {footer}
    </article>
  );
}

const CODE = { code: <code /> };

export function SpecCards() {
  const { t } = useTranslation('tech');
  return (
    <div className="grid grid-3">
      <SpecCard
        id="Dilion"
        icon={<LatticeIcon />}
        title="Dilion"
        subtitle={t('specs.dilion.subtitle')}
        rows={[
          { label: t('specs.dilion.level.label'), value: t('specs.dilion.level.value'), note: t('specs.dilion.level.note') },
          { label: t('specs.dilion.publicKey.label'), value: t('specs.dilion.publicKey.value') },
          { label: t('specs.dilion.signature.label'), value: t('specs.dilion.signature.value') },
          { label: t('specs.dilion.withUid.label'), value: t('specs.dilion.withUid.value'), note: t('specs.dilion.withUid.note') },
          { label: t('specs.dilion.secretKey.label'), value: t('specs.dilion.secretKey.value'), note: t('specs.dilion.secretKey.note') },
          { label: t('specs.dilion.context.label'), value: <code>dilion/v1|</code>, note: t('specs.dilion.context.note') },
          {
            label: t('specs.dilion.speed.label'),
            value: t('specs.dilion.speed.value'),
            note: <Trans t={t} i18nKey="specs.dilion.speed.note" components={CODE} />,
          },
        ]}
        footer={<p className="spec-note">{t('specs.dilion.footer')}</p>}
      />
      <SpecCard
        id="QES2 Hybrid"
        icon={<HybridIcon />}
        title={t('specs.qes2.title')}
        subtitle={t('specs.qes2.subtitle')}
        rows={[
          { label: t('specs.qes2.compatibility.label'), value: t('specs.qes2.compatibility.value'), note: t('specs.qes2.compatibility.note') },
          { label: t('specs.qes2.signature.label'), value: t('specs.qes2.signature.value'), note: t('specs.qes2.signature.note') },
          { label: t('specs.qes2.overhead.label'), value: t('specs.qes2.overhead.value'), note: t('specs.qes2.overhead.note') },
          // Measured percentages, the same in every language.
          { label: t('specs.qes2.signTime.label'), value: '+16–22 % · +21–41 %', note: t('specs.qes2.signTime.note') },
          {
            label: t('specs.qes2.verifyTime.label'),
            value: '+147–158 % · +130–144 %',
            note: <Trans t={t} i18nKey="specs.qes2.verifyTime.note" components={CODE} />,
          },
          { label: t('specs.qes2.publicKey.label'), value: t('specs.qes2.publicKey.value') },
          { label: t('specs.qes2.verification.label'), value: t('specs.qes2.verification.value') },
        ]}
        footer={<p className="spec-note">{t('specs.qes2.footer')}</p>}
      />
      <SpecCard
        id="zk-FIDNA"
        icon={<ProofIcon />}
        title="zk-FIDNA"
        subtitle={t('specs.zk.subtitle')}
        rows={[
          { label: t('specs.zk.proofSize.label'), value: t('specs.zk.proofSize.value'), note: t('specs.zk.proofSize.note') },
          { label: t('specs.zk.setup.label'), value: t('specs.zk.setup.value'), note: t('specs.zk.setup.note') },
          { label: t('specs.zk.range.label'), value: t('specs.zk.range.value') },
          { label: t('specs.zk.hiding.label'), value: t('specs.zk.hiding.value'), note: t('specs.zk.hiding.note') },
          { label: t('specs.zk.soundness.label'), value: t('specs.zk.soundness.value'), note: t('specs.zk.soundness.note') },
          {
            label: t('specs.zk.attestation.label'),
            value: t('specs.zk.attestation.value'),
            note: <Trans t={t} i18nKey="specs.zk.attestation.note" components={CODE} />,
          },
          {
            label: t('specs.zk.speed.label'),
            value: t('specs.zk.speed.value'),
            note: <Trans t={t} i18nKey="specs.zk.speed.note" components={CODE} />,
          },
        ]}
        footer={<p className="spec-note warn">{t('specs.zk.footer')}</p>}
      />
    </div>
  );
}
