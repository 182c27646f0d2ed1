/**
 * The progress indicator, on stderr so that stdout carries only the results (and can be piped or
 * redirected to a file cleanly). On a terminal it redraws one line with a bar; anywhere else (CI
 * logs, a pipe) it prints one plain line per step, since carriage returns would pile up there.
 */
import type { OnTick } from './measure.ts';

export interface Progress {
  /** Sets how many steps the run has, so the bar can show the whole run's progress. */
  plan(steps: number): void;
  /** Starts the next step; the returned callback reports that step's own progress (0..1). */
  step(label: string): OnTick;
  /** Removes the indicator (a terminal's line is cleared) before the results are printed. */
  clear(): void;
}

interface Stream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

const BAR = 24;
// Redrawing on every batch would flood a slow terminal; a few times a second looks continuous.
const REDRAW_MS = 80;

export function createProgress(stream: Stream = process.stderr): Progress {
  let steps = 0;
  let index = 0;
  let label = '';
  let lastDraw = 0;
  let drawn = false;
  const counter = () => `[${String(index).padStart(String(steps).length)}/${steps}]`;

  if (!stream.isTTY) {
    return {
      plan: (n) => void (steps = n),
      step(next) {
        index++;
        stream.write(`${counter()} ${next}\n`);
        return () => {};
      },
      clear() {},
    };
  }

  const draw = (fraction: number) => {
    const whole = steps > 0 ? Math.min(1, (index - 1 + fraction) / steps) : fraction;
    const filled = Math.round(whole * BAR);
    const bar = '#'.repeat(filled) + '-'.repeat(BAR - filled);
    const text = `${counter()} [${bar}] ${String(Math.floor(whole * 100)).padStart(3)}%  ${label}`;
    // Cut to the terminal width: a wrapped line could not be redrawn in place.
    stream.write(`\r\x1b[K${text.slice(0, (stream.columns || 80) - 1)}`);
    drawn = true;
  };

  return {
    plan: (n) => void (steps = n),
    step(next) {
      index++;
      label = next;
      lastDraw = Date.now();
      draw(0);
      return (fraction) => {
        const now = Date.now();
        if (now - lastDraw < REDRAW_MS) return;
        lastDraw = now;
        draw(fraction);
      };
    },
    clear() {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}

/** For tests and for callers that print nothing but the results. */
export const silentProgress: Progress = { plan() {}, step: () => () => {}, clear() {} };
