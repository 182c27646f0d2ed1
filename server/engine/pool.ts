/**
 * A worker_threads pool running the wasm engine, one worker per core by default, so that signing
 * never blocks the event loop (docs/architecture.md §4). Each task carries its tenant (an account,
 * the demo, or internal work: tenant.ts); tenants take turns for the workers, each one's tasks
 * first in, first out (fair-queue.ts, docs/decisions/042). A task goes to the least busy worker;
 * a worker that dies fails only its own tasks and is replaced.
 *
 * Each worker holds up to PIPELINE_DEPTH tasks: the next one is already in its message queue when
 * the current one ends, so it does not sit idle until the (busy) main thread hands it more work.
 * Under load this raised the bench's floor server (node:http + this pool) by 10-18 % and a wrk run
 * against a bare pool by 30 % (docs/decisions/010; figures in bench/README.md "HTTP throughput
 * against the engine (decision 010)"). Four rather than two: the product's main thread answers a
 * group commit's calls in one stretch of half a millisecond or more, and two signatures queued per
 * worker ran out before it (docs/decisions/031). A worker takes another task
 * only while what it holds costs under PIPELINE_MS, so a heavy task (a zk-FIDNA proof) is never
 * queued on a worker behind another, where the next tenant's turn would wait for both.
 *
 * Each task keeps the call it was run for (server/observability/request-context.ts): the lines
 * written about a task or a worker name its request id and trace id, and with an OpenTelemetry
 * export the task is a span of that call's trace (docs/decisions/064-tracing.md). The worker itself
 * writes no lines: the pool writes them when the worker answers or fails.
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger.ts';
import { activeTracer, currentRequest, MAX_LOGGED_IDS, type RequestContext, type SpanHandle } from '../observability/request-context.ts';
import { FairQueue } from './fair-queue.ts';
import type { EngineTasks, TaskName, TaskRequest, TaskResponse, WorkerOptions } from './protocol.ts';
import { TaskCosts } from './task-costs.ts';
import { INTERNAL_TENANT, type Tenant } from './tenant.ts';
import { checkNicenessSteps } from './thread-priority.ts';

/** An engine task that failed; `code` is the engine's EngineError code when it had one. */
export class EngineTaskError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'EngineTaskError';
  }
}

interface Pending {
  request: TaskRequest;
  /** Bytes of the arguments, counted against MAX_QUEUE_BYTES while the task waits. */
  bytes: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** The call the task is run for; undefined for work of no call's. */
  context: RequestContext | undefined;
  /** The task's span, when spans are exported. */
  span: SpanHandle | undefined;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Sent and not yet answered, oldest first: a worker answers in the order it receives. */
  inFlight: Pending[];
}

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);
/** Past this many queued tasks, new ones are refused rather than left to wait for minutes. */
const MAX_QUEUE = 10_000;
/** Past this many bytes of queued arguments (messages, keys), new tasks are refused too. */
export const MAX_QUEUE_BYTES = 64 * 1024 * 1024;
/** Workers that die before loading the engine this many times in a row mean the engine is broken. */
const MAX_FAILED_STARTS = 3;
/** Tasks sent ahead to one worker: enough to outlast the main thread's longest stretches; more would only move the queue into the worker. */
export const PIPELINE_DEPTH = 4;
/**
 * A worker that holds tasks costing this many milliseconds or more takes no more until one ends.
 * Four signatures (about 0.3 ms each, ML-DSA-65 from its seed) stay well under it, so signing
 * pipelines as before; a task that costs more than this waits in the fair queue instead of on a
 * worker, so the next tenant in turn waits for at most the tasks a worker already holds (docs/decisions/042).
 */
export const PIPELINE_MS = 4;

/**
 * Copies byte arrays that view part of a larger buffer into their own. Posting a view clones its
 * whole ArrayBuffer, and Node's small Buffers (Buffer.from of base64 under 4 KiB, say) share
 * 8 KiB slabs. Today's callers already pass arrays with buffers of their own; this keeps a future
 * caller's 32-byte Buffer from crossing as an 8 KiB copy.
 */
export function ownBuffers<T>(value: T): T {
  if (value instanceof Uint8Array) return (value.byteLength === value.buffer.byteLength ? value : new Uint8Array(value)) as T;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) out[key] = ownBuffers(field);
  return out as T;
}

/** Roughly how many bytes a task's arguments hold: byte arrays and strings, nested one object deep or more. */
export function argumentBytes(value: unknown): number {
  if (value instanceof Uint8Array) return value.byteLength;
  if (typeof value === 'string') return value.length * 2;
  if (value === null || typeof value !== 'object') return 8;
  let total = 0;
  for (const field of Object.values(value)) total += argumentBytes(field);
  return total;
}

/** The calls that tasks were run for, as a line names them (bounded, as a commit's: request-context.ts). */
function callsOf(tasks: readonly Pending[]): { reqIds: string[]; traceIds: string[] } {
  const calls = tasks.flatMap((t) => (t.context ? [t.context] : [])).slice(0, MAX_LOGGED_IDS);
  return { reqIds: calls.map((c) => c.id), traceIds: calls.map((c) => c.traceId) };
}

export class EnginePool {
  private readonly slots: Slot[] = [];
  private readonly queue = new FairQueue<Pending>();
  private readonly costs = new TaskCosts();
  private queuedBytes = 0;
  private nextId = 1;
  private closing = false;
  private failedStarts = 0;
  private broken: Error | undefined;
  private readyWaiters: { resolve(): void; reject(e: Error): void }[] = [];
  /** Told each task's kind and the worker's time for it (server/observability/metrics.ts); empty unless metrics are on. */
  private taskObservers: ((task: TaskName, ms: number) => void)[] = [];

  private readonly maxQueueBytes: number;
  private readonly workerOptions: WorkerOptions;
  private readonly logger: Logger | undefined;

  /**
   * `workerNiceness`: steps of scheduling niceness each worker adds to its own thread (Linux), so
   * the event loop that feeds them wins a core when both are ready (docs/decisions/033). Default 0.
   */
  constructor(
    readonly size: number,
    options: { maxQueueBytes?: number; workerNiceness?: number; logger?: Logger } = {},
  ) {
    if (!Number.isInteger(size) || size < 1) throw new Error('the engine pool needs at least one worker');
    this.maxQueueBytes = options.maxQueueBytes ?? MAX_QUEUE_BYTES;
    this.logger = options.logger;
    // Checked here, where a wrong value is the caller's: inside a worker it would fail every start.
    const niceness = options.workerNiceness ?? 0;
    checkNicenessSteps(niceness, 'workerNiceness');
    this.workerOptions = { niceness };
    for (let i = 0; i < size; i++) this.spawn();
  }

  /** Resolves once at least one worker has loaded the engine. */
  ready(): Promise<void> {
    if (this.broken) return Promise.reject(this.broken);
    if (this.slots.some((s) => s.ready)) return Promise.resolve();
    return new Promise((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
  }

  get isReady(): boolean {
    return !this.broken && this.slots.some((s) => s.ready);
  }

  /** Tasks waiting for a worker, all tenants together, for tests and metrics (and the group commit's backlog signal). */
  get queued(): number {
    return this.queue.size;
  }

  /**
   * Runs `task` in a worker, in `tenant`'s turn (tenant.ts): the calling account's id, DEMO_TENANT
   * for the demo; work of no caller's stays INTERNAL_TENANT.
   */
  run<K extends TaskName>(task: K, args: EngineTasks[K]['args'], tenant: Tenant = INTERNAL_TENANT): Promise<EngineTasks[K]['result']> {
    if (this.closing) return Promise.reject(new EngineTaskError('the engine pool is shut down', 'engine_closed'));
    if (this.broken) return Promise.reject(this.broken);
    const bytes = argumentBytes(args);
    if (this.queue.size >= MAX_QUEUE || this.queuedBytes + bytes > this.maxQueueBytes) {
      return Promise.reject(new EngineTaskError('the engine is overloaded; retry shortly', 'engine_busy'));
    }
    const context = currentRequest();
    const tracer = activeTracer();
    const span = tracer && context ? tracer.child(context, `engine ${task}`) : undefined;
    return new Promise((resolve, reject) => {
      this.queuedBytes += bytes;
      const request = { id: this.nextId++, task, args: ownBuffers(args) };
      this.queue.push(tenant, { request, bytes, resolve: resolve as (v: unknown) => void, reject, context, span });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const p of this.queue.drain()) p.reject(new EngineTaskError('the engine pool is shut down', 'engine_closed'));
    this.queuedBytes = 0;
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private spawn(): void {
    const slot: Slot = { worker: new Worker(ENTRY, { workerData: this.workerOptions }), ready: false, inFlight: [] };
    this.slots.push(slot);
    slot.worker.on('message', (message: TaskResponse | { ready: true }) => {
      if (!('id' in message)) {
        slot.ready = true;
        this.failedStarts = 0;
        for (const w of this.readyWaiters.splice(0)) w.resolve();
        this.dispatch();
        return;
      }
      const pending = slot.inFlight.shift();
      if (pending && pending.request.id === message.id) {
        this.costs.record(pending.request.task, message.ms);
        this.answered(pending, message);
        for (const observe of this.taskObservers) observe(pending.request.task, message.ms);
        if (message.ok) pending.resolve(message.result);
        else pending.reject(new EngineTaskError(message.error.message, message.error.code ?? 'engine_error'));
      }
      this.dispatch();
    });
    slot.worker.on('error', (error) => this.retire(slot, error));
    slot.worker.on('exit', (code) => this.retire(slot, new Error(`engine worker exited with code ${code}`)));
  }

  private retire(slot: Slot, cause: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    const failed = slot.inFlight.splice(0);
    if (!this.closing) this.logger?.error({ err: cause, task: failed[0]?.request.task, ...callsOf(failed) }, 'an engine worker failed: the tasks it held fail with it, and it is replaced');
    for (const p of failed) {
      p.span?.end(undefined, { 'pq.engine.outcome': 'engine_crashed' }, true);
      p.reject(new EngineTaskError(`the engine worker failed: ${cause.message}`, 'engine_crashed'));
    }
    if (this.closing) return;
    if (!slot.ready && ++this.failedStarts >= MAX_FAILED_STARTS && !this.slots.some((s) => s.ready)) {
      this.broken = new EngineTaskError(`the engine cannot start: ${cause.message}`, 'engine_unavailable');
      for (const p of this.queue.drain()) p.reject(this.broken);
      this.queuedBytes = 0;
      for (const w of this.readyWaiters.splice(0)) w.reject(this.broken);
      return;
    }
    this.spawn();
  }

  /** Fills idle workers first, then tops each up to PIPELINE_DEPTH tasks while what it holds costs under PIPELINE_MS. */
  private dispatch(): void {
    for (let depth = 1; depth <= PIPELINE_DEPTH; depth++) {
      for (const slot of this.slots) {
        if (this.queue.size === 0) return;
        if (!slot.ready || slot.inFlight.length >= depth) continue;
        if (slot.inFlight.length > 0 && this.heldMs(slot) >= PIPELINE_MS) continue;
        const pending = this.queue.shift()!;
        this.queuedBytes -= pending.bytes;
        slot.inFlight.push(pending);
        slot.worker.postMessage(pending.request);
      }
    }
  }

  /**
   * The worker's lines about a task: a failure without an engine error code (a fault, not the
   * caller's input) at warn, every task at debug; each names the task's call.
   */
  private answered(pending: Pending, message: TaskResponse): void {
    pending.span?.end(undefined, { 'pq.engine.worker_ms': message.ms }, !message.ok);
    const logger = this.logger;
    if (!logger) return;
    const call = { reqId: pending.context?.id, traceId: pending.context?.traceId };
    if (!message.ok && message.error.code === undefined) logger.warn({ ...call, task: pending.request.task, error: message.error.message }, 'an engine task failed');
    else if (logger.isLevelEnabled('debug')) logger.debug({ ...call, task: pending.request.task, workerMs: message.ms, ok: message.ok }, 'engine task done');
  }

  /** What the tasks a worker holds are expected to cost it, ms. */
  private heldMs(slot: Slot): number {
    let ms = 0;
    for (const p of slot.inFlight) ms += this.costs.of(p.request.task);
    return ms;
  }

  /** Workers that have loaded the engine and not died since (for metrics). */
  get workersUp(): number {
    return this.slots.reduce((n, s) => n + (s.ready ? 1 : 0), 0);
  }

  /** Workers holding at least one task (for metrics). */
  get workersBusy(): number {
    return this.slots.reduce((n, s) => n + (s.inFlight.length > 0 ? 1 : 0), 0);
  }

  /** Calls `observe` with each finished task's kind and the worker's time for it, ms; returns the way to stop. */
  observeTasks(observe: (task: TaskName, ms: number) => void): () => void {
    this.taskObservers = [...this.taskObservers, observe];
    return () => {
      this.taskObservers = this.taskObservers.filter((o) => o !== observe);
    };
  }

  /** Tasks sent to workers and not yet answered. */
  get inFlight(): number {
    return this.slots.reduce((n, s) => n + s.inFlight.length, 0);
  }
}
