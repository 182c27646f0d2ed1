/**
 * Whether this process should be sent traffic (docs/decisions/063-liveness-readiness-and-drain.md):
 * not while it starts, not while it drains after SIGTERM, and not when the last readiness check
 * (GET /api/v1/health/ready) found a part failing. serve.ts moves the phase; the readiness route
 * records each check; a listener (the pq_ready gauge, say) hears every change of `ready`.
 */

/** A part that can keep the process from being ready, as named in a 503 `not_ready`. */
export type ReadinessPart = 'starting' | 'database' | 'engine' | 'migrations' | 'draining';

export type ReadinessPhase = 'starting' | 'serving' | 'draining';

export class Readiness {
  private failing: readonly ReadinessPart[] = [];
  private readonly listeners = new Set<(ready: boolean) => void>();

  /** A process starts at 'starting' (serve.ts); an app built without one (tests) is serving at once. */
  constructor(private current: ReadinessPhase = 'starting') {}

  get phase(): ReadinessPhase {
    return this.current;
  }

  /** Serving, and the last check (if any) found every part working. */
  get ready(): boolean {
    return this.current === 'serving' && this.failing.length === 0;
  }

  /** Why not ready: the phase while starting or draining, else the parts the last check found failing; empty when ready. */
  get notReady(): readonly ReadinessPart[] {
    return this.current === 'serving' ? this.failing : [this.current];
  }

  /** Calls `listener` with the new value each time `ready` changes; returns the unsubscribe. */
  onChange(listener: (ready: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The app is built and takes requests. */
  serving(): void {
    if (this.current === 'starting') this.update(() => (this.current = 'serving'));
  }

  /** SIGTERM: readiness answers 503 'draining' from now on, whatever the checks say. */
  draining(): void {
    this.update(() => (this.current = 'draining'));
  }

  /** The outcome of a readiness check: the parts found failing (none when all work). */
  checked(failing: readonly ReadinessPart[]): void {
    this.update(() => (this.failing = failing));
  }

  private update(change: () => void): void {
    const before = this.ready;
    change();
    if (this.ready !== before) for (const listener of this.listeners) listener(this.ready);
  }
}
