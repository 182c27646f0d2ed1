/** The dark output block of a result, and the verification result box (docs/product.md §2.4, §8). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface OutputRow {
  label: string;
  value: ReactNode;
}

/** `wide` gives the labels more room, for rows named by long API field names. */
export function OutputBlock(props: { title: string; rows: OutputRow[] | null; footer?: ReactNode; testId?: string; wide?: boolean }) {
  const { title, rows, footer, testId, wide = false } = props;
  const { t } = useTranslation('demo');
  return (
    <div className="output-wrap" data-testid={testId}>
      <div className="output-title">{title}</div>
      {rows ? (
        <dl className={`output output-rows${wide ? ' output-rows-wide' : ''}`}>
          {rows.map((r) => (
            <div key={r.label} className="output-row">
              <dt>{r.label}</dt>
              <dd>{r.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className="output output-empty">{t('output.empty')}</div>
      )}
      {footer && <div className="output-footer muted">{footer}</div>}
    </div>
  );
}

export type VerifyState = { kind: 'valid'; text: string; note?: string } | { kind: 'invalid'; text: string; note?: string } | { kind: 'error'; text: string } | null;

export function ResultBox({ state, testId }: { state: VerifyState; testId?: string }) {
  const { t } = useTranslation('demo');
  return (
    <div className="output-wrap" data-testid={testId}>
      <div className="output-title">{t('output.result')}</div>
      {!state && <div className="result-idle muted">{t('output.notVerified')}</div>}
      {state?.kind === 'valid' && (
        <div className="result-ok" role="status">
          ✓ {state.text}
          {state.note && <div className="result-note">{state.note}</div>}
        </div>
      )}
      {state?.kind === 'invalid' && (
        <div className="result-bad" role="status">
          ✗ {state.text}
          {state.note && <div className="result-note">{state.note}</div>}
        </div>
      )}
      {state?.kind === 'error' && (
        <div className="result-bad" role="alert">
          ✗ {state.text}
        </div>
      )}
    </div>
  );
}
