/**
 * Where the server's time goes (docs/product.md §2.5, docs/decisions/040): per step, the server's
 * own time, the engine's part and the rest; then what HTTP added per call to /api/demo/benchmark.
 * A table is the figure itself, so it needs no chart equivalent (docs/decisions/027-accessibility.md).
 */
import { useId } from 'react';
import { formatMs } from '../format.ts';
import type { BatchCall } from './serverBatch.ts';
import type { Sample } from './stats.ts';
import { httpOverhead, timeSplit, type StepSplit } from './timeSplit.ts';
import './benchmark.css';

function sampleSize([sign, verify]: readonly [StepSplit, StepSplit], succeeded: number, firstStep: string): string {
  const of = `of ${succeeded} successful`;
  return sign.timed === verify.timed
    ? `Medians over the ${sign.timed} ${of} operations whose answers carried it.`
    : `Medians over the operations whose answers carried it: ${firstStep} ${sign.timed}, verify ${verify.timed}, ${of}.`;
}

function HttpLine({ calls }: { calls: readonly BatchCall[] }) {
  const http = httpOverhead(calls);
  if (!http) return null;
  const plural = http.calls === 1 ? 'call' : 'calls';
  return (
    <p className="muted demo-small" data-testid="server-http">
      The {http.operations.toLocaleString('en-US')} server operations ran in {http.calls} {plural} to POST /api/demo/benchmark. Each call’s round trip, as this page
      timed it, exceeded the server’s own time by a median <span data-figure="http-per-call">{formatMs(http.perCallMs)}</span> (network, HTTP, JSON): about{' '}
      <span data-figure="http-per-operation">{formatMs(http.perOperationMs)}</span> per operation, not counted in the times above.
    </p>
  );
}

export function ServerTimeSplit({ samples, calls, firstStep }: { samples: readonly Sample[]; calls: readonly BatchCall[]; firstStep: 'sign' | 'prove' }) {
  const split = timeSplit(samples);
  const headingId = useId();
  const label = (step: StepSplit['step']) => (step === 'sign' ? firstStep : 'verify');
  return (
    <section className="time-split" data-testid="server-split" aria-labelledby={headingId}>
      <h5 id={headingId}>Where the server’s time goes</h5>
      {split.unavailable ? (
        <p className="muted demo-small" data-testid="server-split-unavailable">
          {split.succeeded === 0
            ? 'No server operation succeeded, so there is no server time to split.'
            : 'The server’s answers carried no engine time, so its time cannot be split here.'}
        </p>
      ) : (
        <>
          <table className="table time-split-table">
            <caption className="visually-hidden">Median ms per step on the server: the server’s time, the engine’s part and the rest</caption>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Server</th>
                <th scope="col">Engine</th>
                <th scope="col">Rest</th>
              </tr>
            </thead>
            <tbody>
              {split.steps.map((s) => (
                <tr key={s.step} data-step={s.step}>
                  <th scope="row">{label(s.step)}</th>
                  {s.timed === 0 ? (
                    <td colSpan={3} className="muted">
                      no engine time in its answers
                    </td>
                  ) : (
                    <>
                      <td data-figure="server">{formatMs(s.serverMs)}</td>
                      <td data-figure="engine">{formatMs(s.engineMs)}</td>
                      <td data-figure="rest">{formatMs(s.remainderMs)}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted demo-small">
            Server: the server’s own time for the step, from taking it up to its record committed; engine: the engine worker’s time for it; rest: the
            difference (handing the task to a worker and back, the key unsealed, the record written). {sampleSize(split.steps, split.succeeded, firstStep)}
          </p>
        </>
      )}
      <HttpLine calls={calls} />
    </section>
  );
}
