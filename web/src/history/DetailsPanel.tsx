/** The side panel of one operation (docs/product.md §2.9): every field, JSON parts formatted. */
import { formatBytes, formatMs } from '../demo/format.ts';
import { algorithmLabel, type Operation } from './filter.ts';
import { messageText } from './message-text.ts';
import { scrollRegion } from '../components/ui/scrollRegion.ts';

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function DetailsPanel({ op }: { op: Operation | null }) {
  if (!op) {
    return (
      <aside className="card details-panel" aria-label="Operation details">
        <div className="card-title">Operation details</div>
        <p className="muted">Select an operation to view its details.</p>
      </aside>
    );
  }
  const time = op.operationType === 'verify' ? op.verificationTime : op.generationTime;
  return (
    <aside className="card details-panel stack" aria-label="Operation details" data-testid="details-panel">
      <div className="card-title">Operation details</div>
      <dl className="details-list">
        <div>
          <dt>ID</dt>
          <dd>{op.id}</dd>
        </div>
        <div>
          <dt>Algorithm</dt>
          <dd>{algorithmLabel(op.algorithm)}</dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>{op.operationType}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`badge ${op.verified ? 'badge-success' : ''}`}>{op.verified ? 'Verified' : 'Pending'}</span>
          </dd>
        </div>
        <div>
          <dt>Channel</dt>
          <dd>{op.channel === 'demo' ? 'Demo' : 'API'}</dd>
        </div>
        <div>
          <dt>Size / engine time</dt>
          <dd>
            {formatBytes(op.signatureSize)} · {formatMs(time)}
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{new Date(op.createdAt).toLocaleString()}</dd>
        </div>
      </dl>
      <div>
        <div className="details-heading">Message</div>
        <div className="details-message">{messageText(op)}</div>
      </div>
      <div>
        <div className="details-heading">Signature data</div>
        <pre className="output details-json" {...scrollRegion('Signature data')}>{json(op.signature)}</pre>
      </div>
      {op.publicKey && (
        <div>
          <div className="details-heading">Public key</div>
          <pre className="output details-json" {...scrollRegion('Public key')}>{json(op.publicKey)}</pre>
        </div>
      )}
      {op.metadata && (
        <div>
          <div className="details-heading">Metadata</div>
          <pre className="output details-json" {...scrollRegion('Metadata')}>{json(op.metadata)}</pre>
        </div>
      )}
    </aside>
  );
}
