/** The side panel of one operation (docs/product.md §2.9): every field, JSON parts formatted; labels in the page's language (docs/decisions/041), JSON as stored. */
import { useTranslation } from 'react-i18next';
import { formatBytes, formatMs } from '../demo/format.ts';
import { formatDateTime } from '../i18n/format.ts';
import { algorithmLabel, typeLabel, type Operation } from './filter.ts';
import { messageText } from './message-text.ts';
import { scrollRegion } from '../components/ui/scrollRegion.ts';

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function DetailsPanel({ op }: { op: Operation | null }) {
  const { t } = useTranslation('pages', { keyPrefix: 'history' });
  if (!op) {
    return (
      <aside className="card details-panel" aria-label={t('details.title')}>
        <div className="card-title">{t('details.title')}</div>
        <p className="muted">{t('details.empty')}</p>
      </aside>
    );
  }
  const time = op.operationType === 'verify' ? op.verificationTime : op.generationTime;
  return (
    <aside className="card details-panel stack" aria-label={t('details.title')} data-testid="details-panel">
      <div className="card-title">{t('details.title')}</div>
      <dl className="details-list">
        <div>
          <dt>{t('details.id')}</dt>
          <dd>{op.id}</dd>
        </div>
        <div>
          <dt>{t('details.algorithm')}</dt>
          <dd>{algorithmLabel(op.algorithm)}</dd>
        </div>
        <div>
          <dt>{t('details.type')}</dt>
          <dd>{typeLabel(op.operationType)}</dd>
        </div>
        <div>
          <dt>{t('details.status')}</dt>
          <dd>
            <span className={`badge ${op.verified ? 'badge-success' : ''}`}>{op.verified ? t('status.verified') : t('status.pending')}</span>
          </dd>
        </div>
        <div>
          <dt>{t('details.channel')}</dt>
          <dd>{op.channel === 'demo' ? t('details.demo') : t('details.api')}</dd>
        </div>
        <div>
          <dt>{t('details.size')}</dt>
          <dd>
            {formatBytes(op.signatureSize)} · {formatMs(time)}
          </dd>
        </div>
        <div>
          <dt>{t('details.created')}</dt>
          <dd>{formatDateTime(op.createdAt)}</dd>
        </div>
      </dl>
      <div>
        <div className="details-heading">{t('details.message')}</div>
        <div className="details-message">{messageText(op)}</div>
      </div>
      <div>
        <div className="details-heading">{t('details.signature')}</div>
        <pre className="output details-json" {...scrollRegion(t('details.signature'))}>{json(op.signature)}</pre>
      </div>
      {op.publicKey && (
        <div>
          <div className="details-heading">{t('details.publicKey')}</div>
          <pre className="output details-json" {...scrollRegion(t('details.publicKey'))}>{json(op.publicKey)}</pre>
        </div>
      )}
      {op.metadata && (
        <div>
          <div className="details-heading">{t('details.metadata')}</div>
          <pre className="output details-json" {...scrollRegion(t('details.metadata'))}>{json(op.metadata)}</pre>
        </div>
      )}
    </aside>
  );
}
