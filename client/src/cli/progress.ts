/**
 * Progress over many items, on stderr so stdout carries only results (as bench/progress.ts does):
 * on a terminal one redrawn line with a bar; elsewhere (a pipe, a CI log) one plain line per step,
 * since carriage returns would pile up there.
 */
import type { OutStream } from './io.ts';

export interface Progress {
  /** `done` of the whole run's items are finished; `label` says what is happening now. */
  update(done: number, label: string): void;
  /** As update, on a terminal only: a plain log gets one line per step, not one per item. */
  detail(done: number, label: string): void;
  /** Clears a terminal's line before the results are printed. */
  clear(): void;
}

const BAR = 24;

export function createProgress(stream: OutStream, total: number): Progress {
  const counter = (done: number) => `[${String(done).padStart(String(total).length)}/${total}]`;
  if (!stream.isTTY) {
    return { update: (done, label) => void stream.write(`${counter(done)} ${label}\n`), detail() {}, clear() {} };
  }
  let drawn = false;
  const draw = (done: number, label: string) => {
    const filled = total > 0 ? Math.round((done / total) * BAR) : BAR;
    const text = `${counter(done)} [${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${label}`;
    // Cut to the terminal's width: a wrapped line could not be redrawn in place.
    stream.write(`\r\x1b[K${text.slice(0, (stream.columns || 80) - 1)}`);
    drawn = true;
  };
  return {
    update: draw,
    detail: draw,
    clear() {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}
