/**
 * What the Dilion privacy identifier protects and what it does not (docs/crypto/dilion.md §1,
 * §3–5), as the API binds it since decision 013: the uid sealed with HPKE to the service's
 * ML-KEM-768 key and signed inside M. The limits are stated as plainly as the guarantees, because
 * a reader deciding whether to send a user id needs both. Texts in the `tech` catalogue (docs/decisions/041).
 */
import { Trans, useTranslation } from 'react-i18next';

const MARKUP = { b: <b />, code: <code /> };

const PROTECTS = ['privacy.protects.userId', 'privacy.protects.length', 'privacy.protects.lifting', 'privacy.protects.disclosure'] as const;
const EXPOSES = ['privacy.exposes.signer', 'privacy.exposes.service', 'privacy.exposes.metadata', 'privacy.exposes.platform'] as const;

/** The parts of a signed message with a user id, in bytes (the same in every language). */
const SIZES = [
  { part: 'privacy.sizes.signature', bytes: '3,309' },
  { part: 'privacy.sizes.c1', bytes: '1,088' },
  { part: 'privacy.sizes.c2', bytes: '80', note: 'privacy.sizes.c2Note' },
  { part: 'privacy.sizes.keyId', bytes: '32' },
] as const;

export function PrivacyIdentifier() {
  const { t } = useTranslation('tech');
  const list = (keys: typeof PROTECTS | typeof EXPOSES) => (
    <ul>
      {keys.map((key) => (
        <li key={key}>
          <Trans t={t} i18nKey={key} components={MARKUP} />
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <div className="two-col yes-no">
        <div className="card">
          <h3>
            <span className="badge badge-success">{t('privacy.protects.badge')}</span>
          </h3>
          {list(PROTECTS)}
        </div>
        <div className="card">
          <h3>
            <span className="badge badge-danger">{t('privacy.exposes.badge')}</span>
          </h3>
          {list(EXPOSES)}
        </div>
      </div>
      <div className="card" style={{ marginTop: 16 }}>
        <h3>{t('privacy.sizes.title')}</h3>
        <table className="spec-table">
          <tbody>
            {SIZES.map((s) => (
              <tr key={s.part}>
                <th scope="row">{t(s.part)}</th>
                <td>
                  {s.bytes} B{'note' in s && <small>{t(s.note)}</small>}
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row">{t('privacy.sizes.total')}</th>
              <td>
                <b>4,509 B</b>
                <small>{t('privacy.sizes.totalNote')}</small>
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="spec-note" style={{ marginTop: 16 }}>
        <Trans t={t} i18nKey="privacy.note" components={MARKUP} />
      </p>
    </>
  );
}
