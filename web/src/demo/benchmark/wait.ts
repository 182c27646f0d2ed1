/**
 * Pauses of a benchmark run that Stop can cut short, and the wait for a rate-limited server call,
 * counted down a second at a time so the page shows the seconds actually left (docs/product.md §2.5).
 */

export class Cancelled extends Error {}

export interface WaitContext {
  signal: AbortSignal;
  /** Seconds left of a rate-limit wait, told each second; 0 when the wait is over or cut short. */
  onWait(seconds: number): void;
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Cancelled());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(new Cancelled());
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** Waits `seconds` (the server's Retry-After), telling `onWait` 3, 2, 1 as they pass, then 0. */
export async function countDown(seconds: number, ctx: WaitContext): Promise<void> {
  try {
    for (let left = Math.max(1, Math.ceil(seconds)); left > 0; left--) {
      ctx.onWait(left);
      await sleep(1000, ctx.signal);
    }
  } finally {
    ctx.onWait(0);
  }
}
