/**
 * Calls metered but not yet answered, counted in memory per meter. A call's charge is written only
 * in the commit that records its answer (docs/decisions/028-answered-means-recorded.md); until then
 * its place in the allowance is held here, so concurrent calls cannot together pass a limit that
 * each alone would respect. A crash loses exactly these: calls that were never answered, and so
 * must not be charged. One server per database file is assumed (as everywhere in the SQLite build).
 */
export class Reservations {
  private readonly held = new Map<string, number>();

  /** How many calls are held against this meter. */
  count(meter: string): number {
    return this.held.get(meter) ?? 0;
  }

  hold(meter: string): void {
    this.held.set(meter, this.count(meter) + 1);
  }

  release(meter: string): void {
    const left = this.count(meter) - 1;
    if (left > 0) this.held.set(meter, left);
    else this.held.delete(meter);
  }

  /** Meters with calls held (tests: nothing may stay held once every call has finished). */
  get size(): number {
    return this.held.size;
  }
}
