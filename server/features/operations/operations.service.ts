/**
 * crypto_operations: every sign and verify, demo and public, with sizes and the engine's measured
 * times; read back per owner (user, anonymous demo session, or API key) and as real averages.
 *
 * Records are group-committed (docs/decisions/017, 031): record() queues the row and one
 * transaction writes every row queued, so a busy server pays one commit for many calls instead of
 * one each. The commit runs at the end of the event-loop turn, unless engine tasks are queued
 * behind busy workers: then rows keep coming at the engine's rate, and the commit waits for them
 * up to GROUP_COMMIT_WINDOW_MS (never on a lightly loaded server). record() resolves once its
 * row is committed, and a call is answered only then, so an answered call is always in the
 * history; what must be durable with the row (the settled charge, summed per counter over the
 * commit in commit-sums.ts, the idempotent response, the running totals in performance-totals.ts)
 * is written in the same transaction (docs/decisions/028-answered-means-recorded.md), as write
 * intents that OperationsRepository.commit carries out (operations.repository.ts,
 * docs/decisions/050-one-storage-seam.md). Every read here flushes first and waits for the commits
 * under way, so a reader sees the calls recorded before it on either engine; the reads themselves
 * are OperationHistoryRepository's (operation-history.repository.ts).
 *
 * A commit runs as work for the calls it serves (server/observability/request-context.ts): the lines
 * written during it name their request ids, and an OpenTelemetry export links its span to their
 * spans (docs/decisions/064-tracing.md).
 */
import { NO_METRICS, type AppMetrics } from '../../observability/metrics.ts';
import type { cryptoOperations } from '../../../db/schema.ts';
import { activeTracer, CommitContext, currentRequest, runIn, type RequestContext } from '../../observability/request-context.ts';
import { referenceEncoded, storeEncoded } from './encoded-bytes.ts';
import type { DailyApiCalls, HistoryOwner, OperationHistoryRepository, OperationRow, PerformanceFigures } from './operation-history.repository.ts';
import type { CommitEntry, OperationsRepository, OperationValues, RecordWrites } from './operations.repository.ts';

export type { HistoryOwner, OperationRow };
/**
 * A record as the services give it: signature and publicKey as JSON objects (their bytes split off
 * here). With signingKeyId set (key-lifecycle/key-material.ts: recordedMaterial), publicKey.encoded is that
 * key's and is not stored again.
 */
export type NewOperation = Omit<typeof cryptoOperations.$inferInsert, 'id' | 'createdAt' | 'signatureBytes' | 'publicKeyBytes'>;

/** Where an operation came from, for its record. */
export interface OperationSource {
  channel: 'api' | 'demo';
  userId: string | null;
  demoSessionId: string | null;
  apiKey: string | null;
}

/**
 * A call's record: its source and what the service measured, member by member into one literal.
 * Every record then has one shape; `{ ...source, … }` made V8 miss its inline cache on each member
 * after the spread, about 8 µs per signed call (docs/decisions/030).
 */
export function newOperation(source: OperationSource, work: Omit<NewOperation, keyof OperationSource>): NewOperation {
  return {
    channel: source.channel,
    userId: source.userId,
    demoSessionId: source.demoSessionId,
    apiKey: source.apiKey,
    operationType: work.operationType,
    algorithm: work.algorithm,
    message: work.message,
    messageSha256: null,
    messageLength: null,
    signature: work.signature,
    publicKey: work.publicKey ?? null,
    signingKeyId: work.signingKeyId ?? null,
    verified: work.verified ?? false,
    metadata: work.metadata ?? null,
    signatureSize: work.signatureSize ?? null,
    generationTime: work.generationTime ?? null,
    verificationTime: work.verificationTime ?? null,
  };
}
/** What a crypto call's work yields: the answer, and the record the flow commits before sending it. */
export interface Recorded<R> {
  response: R;
  record: NewOperation;
}

/**
 * How long a commit may wait for more rows while the engine is backlogged. Under load a commit
 * then holds several rows instead of two, which cut the main thread's CPU per signed call by about
 * 50 µs (docs/decisions/031-group-commit-window.md).
 */
export const GROUP_COMMIT_WINDOW_MS = 4;
/** Rows committed at once without waiting out the window: bounds a transaction's length. */
export const MAX_BATCH_ROWS = 256;

/** A record waiting for its commit, with what to write with it and whom to tell. */
interface Queued extends CommitEntry {
  resolve(): void;
  reject(error: Error): void;
  /** The call that queued it. */
  context: RequestContext | undefined;
}

export class OperationsService {
  private pending: Queued[] = [];
  private scheduled: { kind: 'now'; handle: NodeJS.Immediate } | { kind: 'window'; handle: NodeJS.Timeout } | undefined;
  /** Settles once every commit started so far has told its callers (never rejects). */
  private committed: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: OperationsRepository,
    private readonly reads: OperationHistoryRepository,
    /** Told about a row that could not be stored (its owner was deleted meanwhile, say). */
    private readonly onLost: (error: Error, row: OperationValues) => void = () => {},
    /**
     * True while engine tasks wait in its queue behind the workers' full pipelines: the engine
     * stays busy while a commit waits, and more rows keep coming (server/engine/pool.ts).
     */
    private readonly engineBacklogged: () => boolean = () => false,
    /** Each commit's entries and time, and the commits that failed as a whole (server/observability/metrics.ts). */
    private readonly metrics: Pick<AppMetrics, 'committed' | 'commitFailed'> = NO_METRICS,
  ) {}

  /**
   * Queues the row; it is committed with the others queued, together with `writes` (the call's
   * charge, its idempotent answer, a demo history's trim). Resolves after the commit; rejects when
   * the row cannot be stored. Several rows (a batch call's) are stored all together or not at all.
   */
  record(operation: NewOperation | readonly NewOperation[], writes?: RecordWrites): Promise<void> {
    if (Array.isArray(operation)) return this.recordAll(operation as readonly NewOperation[], writes);
    const record = this.values(operation as NewOperation);
    const done = new Promise<void>((resolve, reject) => this.pending.push({ record, writes, resolve, reject, context: currentRequest() }));
    this.schedule();
    return done;
  }

  /**
   * A batch call's records (docs/decisions/053-signing-by-digest-and-in-batches.md): one entry of
   * the group commit, so they are stored together with `writes` (every item's charge, the batch's
   * idempotent answer) or none of them is.
   */
  private recordAll(operations: readonly NewOperation[], writes: RecordWrites | undefined): Promise<void> {
    const [first, ...rest] = operations.map((operation) => this.values(operation));
    if (first === undefined) return Promise.reject(new Error('a batch records at least one operation'));
    const done = new Promise<void>((resolve, reject) => this.pending.push({ record: first, batchRecords: rest, writes, resolve, reject, context: currentRequest() }));
    this.schedule();
    return done;
  }

  /** A record's values as bound to the database, its bytes split off. */
  private values(operation: NewOperation): OperationValues {
    const json = (value: unknown) => (value == null ? null : JSON.stringify(value));
    const signature = storeEncoded(operation.signature as { encoded?: unknown });
    const publicKey =
      operation.publicKey == null
        ? null
        : operation.signingKeyId
          ? referenceEncoded(operation.publicKey as { encoded?: unknown })
          : storeEncoded(operation.publicKey as { encoded?: unknown });
    return {
      userId: operation.userId ?? null,
      demoSessionId: operation.demoSessionId ?? null,
      channel: operation.channel,
      apiKey: operation.apiKey ?? null,
      operationType: operation.operationType,
      algorithm: operation.algorithm,
      message: operation.message,
      messageSha256: operation.messageSha256 ?? null,
      messageLength: operation.messageLength ?? null,
      signature: signature.json,
      publicKey: publicKey?.json ?? null,
      verified: operation.verified ? 1 : 0,
      metadata: json(operation.metadata),
      signatureSize: operation.signatureSize ?? null,
      generationTime: operation.generationTime ?? null,
      verificationTime: operation.verificationTime ?? null,
      createdAt: Date.now(),
      signatureBytes: signature.bytes,
      publicKeyBytes: publicKey?.bytes ?? null,
      signingKeyId: operation.signingKeyId ?? null,
    };
  }

  /**
   * While the engine is backlogged (and the batch not full), once the window ends; else at the end
   * of this turn. Each row re-checks, so the commit comes as soon as the backlog is gone: waiting
   * longer would leave the engine idle while the answers it could work on wait for the commit.
   */
  private schedule(): void {
    if (this.scheduled?.kind === 'now') return;
    if (this.pending.length < MAX_BATCH_ROWS && this.engineBacklogged()) {
      this.scheduled ??= { kind: 'window', handle: setTimeout(() => this.flush(), GROUP_COMMIT_WINDOW_MS) };
      return;
    }
    if (this.scheduled) clearTimeout(this.scheduled.handle);
    this.scheduled = { kind: 'now', handle: setImmediate(() => this.flush()) };
  }

  /**
   * Commits every queued row now; reads call it, and so does shutdown. Settles (never rejects) once
   * this commit and those before it are written and their callers told.
   */
  flush(): Promise<void> {
    if (this.scheduled?.kind === 'now') clearImmediate(this.scheduled.handle);
    else if (this.scheduled) clearTimeout(this.scheduled.handle);
    this.scheduled = undefined;
    if (this.pending.length === 0) return this.committed;
    const items = this.pending;
    this.pending = [];
    const commit = new CommitContext(items.flatMap((item) => (item.context ? [item.context] : [])));
    const span = activeTracer()?.commit(commit.requests);
    const started = performance.now();
    // On SQLite the commit is written by the time commit() returns, so a read right after a flush
    // sees the rows; the outcomes reach the callers a microtask later.
    const done = runIn(commit, () =>
      this.repository.commit(items).then(
        (outcomes) => {
          this.metrics.committed(items.length, (performance.now() - started) / 1000);
          span?.end(undefined, { 'pq.commit.entries': items.length });
          outcomes.forEach((outcome, i) => {
            const item = items[i]!;
            if (outcome.stored) return item.resolve();
            this.onLost(outcome.error, item.record);
            item.reject(outcome.error);
          });
        },
        (error: Error) => {
          this.metrics.commitFailed();
          span?.end(undefined, { 'pq.commit.entries': items.length }, true);
          for (const item of items) item.reject(error);
        },
      ),
    );
    this.committed = Promise.all([this.committed, done]).then(() => undefined);
    return this.committed;
  }

  /** Newest first, ids below `before` when given. An anonymous session sees only the operations it made while signed out. */
  async history(owner: HistoryOwner, limit: number, before?: number): Promise<OperationRow[]> {
    await this.flush();
    return this.reads.history(owner, limit, before);
  }

  /** When the user's first operation still kept was made; null with none. */
  async oldestForUser(userId: string): Promise<Date | null> {
    await this.flush();
    return this.reads.oldestForUser(userId);
  }

  async countForUser(userId: string): Promise<number> {
    await this.flush();
    return this.reads.countForUser(userId);
  }

  /**
   * The user's metered API calls per UTC day and algorithm in [from, to), counted by the database
   * (GROUP BY), so the cost is one indexed scan of the user's rows and the answer is at most
   * days × algorithms rows.
   */
  async dailyApiCalls(userId: string, from: Date, to: Date): Promise<DailyApiCalls[]> {
    await this.flush();
    return this.reads.dailyApiCalls(userId, from, to);
  }

  /** Metered calls made with one API key (the key inspector). */
  async forApiKey(keyValue: string, limit: number): Promise<OperationRow[]> {
    await this.flush();
    return this.reads.forApiKey(keyValue, limit);
  }

  /**
   * Averages over every operation ever recorded, overall and per algorithm (sizes of signatures
   * made, times of each step), from the running totals: constant time, however long the history.
   */
  async performance(): Promise<PerformanceFigures> {
    await this.flush();
    return this.reads.performance();
  }
}
