/**
 * What Idempotency-Key handling (docs/api.md §5.3) needs of storage, named for what each operation
 * guarantees (docs/decisions/050-one-storage-seam.md). The rules (key syntax, the 24-hour window,
 * when a running first request counts as dead, sealing and MACs) stay in idempotency.ts.
 */

/** A keyed request's claim on its key. */
export interface IdempotentClaim {
  userId: string;
  key: string;
  /** The request's MAC: a retry has the same. */
  requestHash: string;
  now: Date;
  /** A record created before this is forgotten (24 hours). */
  expiredBefore: Date;
  /** A first request still running that started before this died with its process. */
  staleBefore: Date;
}

/** What beginIdempotent found. */
export type IdempotentBegin =
  /** The key is this request's now (a new record, running). */
  | { kind: 'started'; id: number }
  /** The key's first request was another one: nothing was changed. */
  | { kind: 'reused' }
  /** The key's first request is still running: nothing was changed. */
  | { kind: 'running' }
  /** The key's first request was answered: its answer, sealed. */
  | { kind: 'answered'; status: number; sealedBody: string };

/** A keyed call's answer, stored in the commit that records the call. */
export interface IdempotentAnswer {
  id: number;
  status: number;
  /** The response body, sealed (server/security/sealing.ts). */
  sealedBody: string;
}

export interface IdempotencyRepository {
  /**
   * As one step against every other claim of the key: forgets the key's expired record, reads what
   * is left, and claims the key unless another request holds it (a stale running record is
   * replaced: one started before staleBefore, or, where instances share the database, one whose
   * instance is gone, its lease run out and its holds swept). Two requests with the same key can
   * therefore never both start.
   */
  beginIdempotent(claim: IdempotentClaim): Promise<IdempotentBegin>;
  /** Stores the answer of a started request (the commit of its record does the same, as a write intent). */
  completeIdempotent(answer: IdempotentAnswer): Promise<void>;
  /** The started request failed: its key is free again. */
  abandon(id: number): Promise<void>;
  /**
   * At start-up: frees every key whose first request is still marked running by a process that is
   * gone; returns how many. On SQLite that is every one (one process owns the file); where
   * instances share the database, those of this instance and of instances that are gone (lease run
   * out, holds swept).
   */
  dropPending(): Promise<number>;
}
