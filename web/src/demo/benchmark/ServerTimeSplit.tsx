/**
 * Where the server's time goes, per step (issue 16): the round trip this page measured, the engine's
 * time from the Server-Timing header of each answer, and the rest. A table is the figure itself, so
 * it needs no chart equivalent (docs/decisions/027-accessibility.md).
 */
import { useId } from 'react';
import { formatMs } from '../format.ts';
import type { Sample } from './stats.ts';
import { timeSplit, type StepSplit } from './timeSplit.ts';
import './benchmark.css';

function sampleSize([sign, verify]: readonly [StepSplit, StepSplit], succeeded: number, firstStep: string): string {
  const of = `of ${succeeded} successful`;
  return sign.timed === verify.timed
    ? `Medians over the ${sign.timed} ${of} operations whose answers carried it.`
    : `Medians over the operations whose answers carried it: ${firstStep} ${sign.timed}, verify ${verify.timed}, ${of}.`;
}

export function ServerTimeSplit({ samples, firstStep }: { samples: readonly Sample[]; firstStep: 'sign' | 'prove' }) {
  const split = timeSplit(samples);
  const headingId = useId();
  const label = (step: StepSplit['step']) => (step === 'sign' ? firstStep : 'verify');
  return (
    <section className="time-split" data-testid="server-split" aria-labelledby={headingId}>
      <h5 id={headingId}>Where the server’s time goes</h5>
      {split.unavailable ? (
        <p className="muted demo-small" data-testid="server-split-unavailable">
          {split.succeeded === 0
            ? 'No server operation succeeded, so there is no round trip to split.'
            : 'The server’s answers carried no engine time (no Server-Timing engine entry, as from an older server), so the round trip cannot be split here.'}
        </p>
      ) : (
        <>
          <table className="table time-split-table">
            <caption className="visually-hidden">Median ms per step on the server: round trip, engine time and the rest</caption>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Round trip</th>
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
                      <td data-figure="round-trip">{formatMs(s.roundTripMs)}</td>
                      <td data-figure="engine">{formatMs(s.engineMs)}</td>
                      <td data-figure="rest">{formatMs(s.remainderMs)}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted demo-small">
            Engine: the server’s own time, from the Server-Timing header of each answer; rest: that call’s round trip minus its engine time (network, HTTP,
            JSON, queueing). {sampleSize(split.steps, split.succeeded, firstStep)}
          </p>
        </>
      )}
    </section>
  );
}
