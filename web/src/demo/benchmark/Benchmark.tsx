/**
 * Performance Benchmark (docs/product.md §2.5, §4, §5): real sign + verify operations, in this browser's engine
 * worker and on the server (in batches, docs/decisions/040), side by side. Nothing is simulated: before the
 * first run the cards show only exact sizes and the server's stored averages, and a run replaces them with
 * measurements.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { wasmSimdSupported } from '../../../../engine/src/wasm-simd.ts';
import type { Performance } from '../../../../server/contract/operations.ts';
import { Select } from '../../components/ui/Select.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { ALGORITHMS, labelOf, type AlgorithmId } from '../algorithms.ts';
import { formatMs } from '../format.ts';
import { ResultsPanel } from './ResultsPanel.tsx';
import { WARM_UP_ROUNDS, ZK_WARM_UP_ROUNDS } from './operations.ts';
import { countError, MAX_COUNT, MIN_COUNT, runBenchmark, SERVER_BATCH, validCount } from './run.ts';
import type { BatchCall } from './serverBatch.ts';
import { engineWorkOf, SpeedComparison, type NodeFigure } from './SpeedComparison.tsx';
import { StatCards } from './StatCards.tsx';
import { summarize, type Sample, type Side } from './stats.ts';
import { stepName } from './stepName.ts';
import { TimesChart } from './TimesChart.tsx';

/** A finished run. */
interface Run {
  algorithm: AlgorithmId;
  count: number;
  samples: Sample[];
  /** The calls to POST /api/demo/benchmark that answered. */
  calls: BatchCall[];
  stopped: boolean;
}

/** The run under way: only cheap figures, so that drawing never competes with the operations timed. */
interface Progress {
  count: number;
  done: number;
  last: Partial<Record<Side, Sample>>;
}

export default function Benchmark() {
  const { t } = useTranslation('demo');
  const client = useQueryClient();
  const performanceQuery = useQuery<z.infer<typeof Performance>>({ queryKey: ['/api/crypto/performance'] });
  const [algorithm, setAlgorithm] = useState<AlgorithmId>('dilion');
  const [countText, setCountText] = useState('100');
  const [run, setRun] = useState<Run | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [waiting, setWaiting] = useState(0);
  // Without WebAssembly SIMD the browser side cannot load the engine (engine/src/wasm-simd.ts).
  const [simd] = useState(wasmSimdSupported);
  const controller = useRef<AbortController | null>(null);
  const buffer = useRef<Sample[]>([]);
  useEffect(() => () => controller.current?.abort(), []);

  async function start() {
    const count = Number(countText);
    if (!validCount(count)) {
      window.alert(countError());
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    buffer.current = [];
    const calls: BatchCall[] = [];
    const last: Progress['last'] = {};
    setProgress({ count, done: 0, last: {} });
    let stopped: boolean;
    try {
      ({ stopped } = await runBenchmark({
        algorithm,
        count,
        signal: abort.signal,
        onSample: (s) => {
          buffer.current.push(s);
          last[s.side] = s;
        },
        // Shown after each server call, in the pause the run makes for it, so drawing never overlaps a timed step.
        onBatch: (call) => {
          if (call) calls.push(call);
          setProgress({ count, done: buffer.current.length, last: { ...last } });
        },
        onWait: setWaiting,
      }));
    } finally {
      setWaiting(0);
    }
    const samples = [...buffer.current];
    void client.invalidateQueries({ queryKey: ['/api/crypto/performance'] });
    void client.invalidateQueries({ queryKey: ['/api/crypto/operations'] });
    if (controller.current !== abort) return;
    setProgress(null);
    setRun({ algorithm, count, samples, calls, stopped });
  }

  const bySide = useMemo(() => {
    const browser = run?.samples.filter((s) => s.side === 'browser') ?? [];
    const server = run?.samples.filter((s) => s.side === 'server') ?? [];
    return { browser, server, browserSummary: summarize(browser), serverSummary: summarize(server) };
  }, [run]);

  const stored = (id: AlgorithmId) => performanceQuery.data?.byAlgorithm.find((a) => a.algorithm === id);
  const firstStep = run?.algorithm === 'zk-fidna' ? 'prove' : 'sign';
  // Node's figure for the engine comparison: the engine times this run's server answers carried, else the stored average.
  const work = engineWorkOf(run?.algorithm ?? null);
  const storedWork = stored(work);
  const { medianEngineSignMs, engineSignTimed, succeeded } = bySide.serverSummary;
  const node: NodeFigure | null =
    run?.algorithm === work && medianEngineSignMs != null
      ? {
          ms: medianEngineSignMs,
          source: t(engineSignTimed === succeeded ? 'benchmark.compare.runAll' : 'benchmark.compare.runSome', {
            count: succeeded,
            timed: String(engineSignTimed),
            step: stepName(firstStep),
          }),
        }
      : storedWork && storedWork.averageGenerationTime > 0
        ? {
            ms: storedWork.averageGenerationTime,
            source: t('benchmark.compare.stored', { operations: formatNumber(storedWork.operations), label: labelOf(work) }),
          }
        : null;

  const total = progress ? progress.count * 2 : 0;
  const done = progress?.done ?? 0;
  const percent = total ? Math.round((done / total) * 100) : 0;
  const shown = run !== null && run.samples.length > 0;
  const lastText = (side: Side) => {
    const s = progress?.last[side];
    return !s ? '—' : s.ok ? formatMs(s.time) : t('benchmark.failed');
  };

  return (
    <div className="stack bench">
      <div className="card stack">
        <div className="bench-controls">
          <div className="field">
            <label htmlFor="bench-algorithm">{t('benchmark.algorithm')}</label>
            <Select
              id="bench-algorithm"
              label={t('benchmark.algorithm')}
              value={algorithm}
              onValueChange={(v) => setAlgorithm(v as AlgorithmId)}
              options={ALGORITHMS.map((a) => ({ value: a.id, label: a.id }))}
            />
          </div>
          <div className="field">
            <label htmlFor="bench-count">{t('benchmark.count')}</label>
            <input id="bench-count" className="input" type="number" min={MIN_COUNT} max={MAX_COUNT} value={countText} onChange={(e) => setCountText(e.target.value)} disabled={progress !== null} />
          </div>
          {progress ? (
            <button type="button" className="btn btn-danger" onClick={() => controller.current?.abort()}>
              {t('benchmark.stop')}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={start} disabled={!simd}>
              {t('benchmark.start')}
            </button>
          )}
        </div>
        {!simd && (
          <p className="demo-small" role="status" data-testid="no-simd">
            {t('benchmark.noSimd')}
          </p>
        )}
        <p className="muted demo-small" data-testid="bench-method">
          {algorithm === 'zk-fidna' ? t('benchmark.method.zk', { rounds: String(ZK_WARM_UP_ROUNDS) }) : t('benchmark.method.signatures', { rounds: String(WARM_UP_ROUNDS) })}{' '}
          {t('benchmark.method.server', { batch: String(SERVER_BATCH) })}
        </p>
        {progress && (
          <div className="stack" style={{ gap: 6 }}>
            <div className="row demo-small">
              <span>
                {t('benchmark.progress.running', { done: String(done), total: String(total), perSide: String(progress.count), browser: lastText('browser'), server: lastText('server') })}
              </span>
              <span className="spacer" />
              <strong data-testid="bench-percent">{percent}%</strong>
            </div>
            <div className="progress" role="progressbar" aria-label={t('benchmark.progress.label')} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
              <div style={{ width: `${percent}%` }} />
            </div>
            {waiting > 0 && (
              <div className="demo-small muted" role="status" data-testid="bench-waiting">
                {t('benchmark.progress.waiting', { seconds: String(waiting) })}
              </div>
            )}
            <div className="demo-small muted">{t('benchmark.progress.afterRun')}</div>
          </div>
        )}
      </div>

      <StatCards algorithm={run?.algorithm ?? algorithm} browser={shown ? bySide.browserSummary : null} server={shown ? bySide.serverSummary : null} stored={stored(run?.algorithm ?? algorithm)} />
      <SpeedComparison algorithm={run?.algorithm ?? null} browser={shown ? bySide.browserSummary : null} server={shown ? bySide.serverSummary : null} node={node} />
      {shown && (
        <div className="grid grid-2">
          <TimesChart title={t('benchmark.charts.browser')} subtitle={t('benchmark.charts.browserSubtitle')} samples={bySide.browser} testId="chart-browser" firstStep={firstStep} />
          <TimesChart title={t('benchmark.charts.server')} subtitle={t('benchmark.charts.serverSubtitle')} samples={bySide.server} testId="chart-server" firstStep={firstStep} />
        </div>
      )}
      {shown && (
        <ResultsPanel
          algorithm={run.algorithm}
          stopped={run.stopped}
          browser={{ summary: bySide.browserSummary, samples: bySide.browser }}
          server={{ summary: bySide.serverSummary, samples: bySide.server }}
          calls={run.calls}
        />
      )}
    </div>
  );
}
