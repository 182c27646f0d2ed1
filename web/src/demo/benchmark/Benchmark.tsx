/**
 * Performance Benchmark (docs/product.md §2.5, §4, §5): real sign + verify operations, in this browser's engine
 * worker and on the server (in batches, docs/decisions/040), side by side. Nothing is simulated: before the
 * first run the cards show only exact sizes and the server's stored averages, and a run replaces them with
 * measurements.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import type { Performance } from '../../../../server/contract/operations.ts';
import { Select } from '../../components/ui/Select.tsx';
import { ALGORITHMS, labelOf, type AlgorithmId } from '../algorithms.ts';
import { formatMs } from '../format.ts';
import { ResultsPanel } from './ResultsPanel.tsx';
import { WARM_UP_ROUNDS, ZK_WARM_UP_ROUNDS } from './operations.ts';
import { COUNT_ERROR, MAX_COUNT, MIN_COUNT, runBenchmark, SERVER_BATCH, validCount } from './run.ts';
import type { BatchCall } from './serverBatch.ts';
import { engineWorkOf, SpeedComparison, type NodeFigure } from './SpeedComparison.tsx';
import { StatCards } from './StatCards.tsx';
import { summarize, type Sample, type Side } from './stats.ts';
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
  const client = useQueryClient();
  const performanceQuery = useQuery<z.infer<typeof Performance>>({ queryKey: ['/api/crypto/performance'] });
  const [algorithm, setAlgorithm] = useState<AlgorithmId>('dilion');
  const [countText, setCountText] = useState('100');
  const [run, setRun] = useState<Run | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [waiting, setWaiting] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const buffer = useRef<Sample[]>([]);
  useEffect(() => () => controller.current?.abort(), []);

  async function start() {
    const count = Number(countText);
    if (!validCount(count)) {
      window.alert(COUNT_ERROR);
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
          source: `median of the engine times the server answered for ${engineSignTimed === succeeded ? 'this run’s' : `${engineSignTimed} of this run’s`} ${succeeded} server ${firstStep} steps`,
        }
      : storedWork && storedWork.averageGenerationTime > 0
        ? { ms: storedWork.averageGenerationTime, source: `average engine time of ${storedWork.operations.toLocaleString('en-US')} stored ${labelOf(work)} operations (GET /api/crypto/performance)` }
        : null;

  const total = progress ? progress.count * 2 : 0;
  const done = progress?.done ?? 0;
  const percent = total ? Math.round((done / total) * 100) : 0;
  const shown = run !== null && run.samples.length > 0;
  const lastText = (side: Side) => {
    const s = progress?.last[side];
    return !s ? '—' : s.ok ? formatMs(s.time) : 'failed';
  };

  return (
    <div className="stack bench">
      <div className="card stack">
        <div className="bench-controls">
          <div className="field">
            <label htmlFor="bench-algorithm">Algorithm</label>
            <Select
              id="bench-algorithm"
              label="Algorithm"
              value={algorithm}
              onValueChange={(v) => setAlgorithm(v as AlgorithmId)}
              options={ALGORITHMS.map((a) => ({ value: a.id, label: a.id }))}
            />
          </div>
          <div className="field">
            <label htmlFor="bench-count">Operations Count</label>
            <input id="bench-count" className="input" type="number" min={MIN_COUNT} max={MAX_COUNT} value={countText} onChange={(e) => setCountText(e.target.value)} disabled={progress !== null} />
          </div>
          {progress ? (
            <button type="button" className="btn btn-danger" onClick={() => controller.current?.abort()}>
              Stop Test
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={start}>
              Start Benchmark
            </button>
          )}
        </div>
        <p className="muted demo-small" data-testid="bench-method">
          {algorithm === 'zk-fidna'
            ? `Each operation proves balance_proof for a random secret from 100 to 599 under a random balance from 1,000 to 5,999 and verifies the proof with its ML-DSA-65 attestation, once in this browser (the wasm engine in a Web Worker, an attestation key made in this tab: the amounts stay here) and once on the server, which picks its own amounts the same way. Before the run the worker proves and verifies ${ZK_WARM_UP_ROUNDS} untimed statements, the first of which builds the generator tables.`
            : `Each operation signs “Benchmark test N” and verifies the result, once in this browser (the wasm engine in a Web Worker, a key made in this tab) and once on the server (with this session’s demo key). Before the run the worker signs and verifies ${WARM_UP_ROUNDS} untimed messages so the browser has optimised the engine, as a long-running server has.`}{' '}
          The server runs its operations {SERVER_BATCH} at a time, one after another, in one call to POST /api/demo/benchmark each, which has its own limit: the
          run leaves the demo’s calls untouched. Browser times are wall-clock as this page sees them; server times are the server’s own, with HTTP shown apart; the
          engine times come from the worker and from the server’s answers.
        </p>
        {progress && (
          <div className="stack" style={{ gap: 6 }}>
            <div className="row demo-small">
              <span>
                Running {done} of {total} ({progress.count} per side) · last operation: browser {lastText('browser')}, server {lastText('server')}
              </span>
              <span className="spacer" />
              <strong data-testid="bench-percent">{percent}%</strong>
            </div>
            <div className="progress" role="progressbar" aria-label="Benchmark progress" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
              <div style={{ width: `${percent}%` }} />
            </div>
            {waiting > 0 && (
              <div className="demo-small muted" role="status" data-testid="bench-waiting">
                Waiting {waiting} s: the server allows a limited number of benchmark calls a minute per address. The wait is not counted in any time.
              </div>
            )}
            <div className="demo-small muted">Charts and figures appear when the run ends: drawing them meanwhile would slow the operations being timed.</div>
          </div>
        )}
      </div>

      <StatCards algorithm={run?.algorithm ?? algorithm} browser={shown ? bySide.browserSummary : null} server={shown ? bySide.serverSummary : null} stored={stored(run?.algorithm ?? algorithm)} />
      <SpeedComparison algorithm={run?.algorithm ?? null} browser={shown ? bySide.browserSummary : null} server={shown ? bySide.serverSummary : null} node={node} />
      {shown && (
        <div className="grid grid-2">
          <TimesChart title="In this browser" subtitle="Web Worker, wasm engine: ms per step" samples={bySide.browser} testId="chart-browser" firstStep={firstStep} />
          <TimesChart title="On the server" subtitle="The server’s own time (POST /api/demo/benchmark): ms per step" samples={bySide.server} testId="chart-server" firstStep={firstStep} />
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
