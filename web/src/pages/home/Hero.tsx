/**
 * Home hero: the pitch, Try Demo and Get Started, and a real request/response pair of the API. Texts in the
 * `home` catalogue (docs/decisions/041); the request and response stay as the API speaks them.
 */
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { tierAllowance } from '../../../../shared/plans.ts';
import { formatNumber } from '../../i18n/format.ts';
import { ALGORITHMS } from '../../demo/algorithms.ts';
import { scrollRegion } from '../../components/ui/scrollRegion.ts';

export function Hero() {
  const { t } = useTranslation('home', { keyPrefix: 'hero' });
  return (
    <section className="hero">
      <div className="container hero-grid">
        <div>
          <div className="eyebrow">{t('eyebrow')}</div>
          <h1>
            <Trans t={t} i18nKey="title" components={{ em: <span /> }} />
          </h1>
          <p className="hero-lead">{t('lead')}</p>
          <div className="hero-actions">
            <Link href="/demo" className="btn btn-primary btn-lg">
              {t('tryDemo')}
            </Link>
            <Link href="/login" className="btn btn-secondary btn-lg">
              {t('getStarted')}
            </Link>
          </div>
          <div className="hero-facts">
            <div className="hero-fact">
              <strong>FIPS 204</strong>
              <span>{t('facts.level')}</span>
            </div>
            <div className="hero-fact">
              <strong>{t('facts.live', { count: ALGORITHMS.length })}</strong>
              <span>{t('facts.kinds')}</span>
            </div>
            <div className="hero-fact">
              <strong>{t('facts.freeCalls', { calls: formatNumber(tierAllowance('free') ?? 0) })}</strong>
              <span>{t('facts.noCard')}</span>
            </div>
          </div>
        </div>
        <div className="terminal">
          <div className="terminal-bar">
            <i /><i /><i />
            <span>POST /api/crypto/dilion/sign</span>
          </div>
          <pre {...scrollRegion(t('example'))}>
            <span className="t-dim">{'$ '}</span>curl -X POST $API/api/crypto/dilion/sign \{'\n'}
            {'    '}-H <span className="t-str">"x-api-key: pk_…"</span> -H <span className="t-str">"x-api-secret: sk_…"</span> \{'\n'}
            {'    '}-d <span className="t-str">{`'{"message":"authentication request","sid":"service-A"}'`}</span>
            {'\n\n'}
            <span className="t-ok">200 OK</span>
            {'\n{\n'}
            {'  '}<span className="t-key">"algorithm"</span>: <span className="t-str">"dilion"</span>,{'\n'}
            {'  '}<span className="t-key">"parameterSet"</span>: <span className="t-str">"ML-DSA-65"</span>,{'\n'}
            {'  '}<span className="t-key">"signature"</span>: {'{ '}<span className="t-key">"encoded"</span>: <span className="t-str">"x1Vq…"</span>
            <span className="t-dim">{' /* 3,309 B */'}</span>
            {' },\n'}
            {'  '}<span className="t-key">"publicKey"</span>: <span className="t-str">"mQ8r…"</span>
            <span className="t-dim">{' /* 1,952 B */'}</span>,{'\n'}
            {'  '}<span className="t-key">"context"</span>: <span className="t-str">"dilion/v1|service-A"</span>
            {'\n}'}
          </pre>
        </div>
      </div>
    </section>
  );
}
