/**
 * WAL checkpoints on a thread of their own (docs/decisions/030). By default SQLite checkpoints in
 * the connection that commits, once the WAL holds 1,000 pages: it copies them into the database
 * file and fsyncs it, on the server's main thread, for milliseconds during which no request moves
 * (under load the machine then sat 6 points idler and served 8-13 % fewer calls). The server starts
 * this instead: a worker thread with its own connection runs a PASSIVE checkpoint every
 * CHECKPOINT_EVERY_MS, which never blocks a writer.
 *
 * While it runs, the writing connection checkpoints only past SAFETY_PAGES. Under steady writes a
 * passive checkpoint seldom finishes at a moment when no frame is left to copy, and only then can
 * the next commit start the WAL over; so it is the writer's own checkpoint, every SAFETY_PAGES,
 * that starts it over, with little left to copy by then; under load the WAL file stays at about
 * 68 MB. A threshold of 4,096 pages kept it at 17 MB at the same rate, but its more frequent
 * fsyncs on the main thread raised p99 from 14-15 ms to 16-25 ms (16 clients). If the worker dies,
 * SQLite's default comes back.
 */
import type Database from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import type { CheckpointResult, CheckpointWorkerData } from './checkpoint-worker.ts';
import { sqliteAddonPath } from './sqlite-driver.ts';

export const CHECKPOINT_EVERY_MS = 250;
/** The writing connection's own checkpoint threshold while the checkpointer runs (pages of 4 KiB: 64 MiB). */
export const SAFETY_PAGES = 16_384;
const SQLITE_DEFAULT_PAGES = 1_000;

const ENTRY = new URL('./checkpoint-worker-entry.cjs', import.meta.url);

export class Checkpointer {
  private readonly worker: Worker;
  private started = false;
  private stopped = false;
  private readonly listeners = new Set<(result: CheckpointResult) => void>();

  /** Starts checkpointing `file`, which `sqlite` (the writing connection) has open; resolves once the worker's connection is open. */
  static async start(file: string, sqlite: Database.Database, onFailure: (error: Error) => void, everyMs = CHECKPOINT_EVERY_MS): Promise<Checkpointer> {
    const checkpointer = new Checkpointer(file, sqlite, onFailure, everyMs);
    await checkpointer.ready;
    return checkpointer;
  }

  private readonly ready: Promise<void>;

  private constructor(file: string, private readonly sqlite: Database.Database, onFailure: (error: Error) => void, everyMs: number) {
    const workerData: CheckpointWorkerData = { file, addon: sqliteAddonPath(), everyMs };
    this.worker = new Worker(ENTRY, { workerData });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('message', () => {
        sqlite.pragma(`wal_autocheckpoint = ${SAFETY_PAGES}`);
        this.started = true;
        resolve();
      });
      this.worker.once('error', reject);
    });
    this.worker.on('message', (message: CheckpointResult | 'ready') => {
      if (message !== 'ready') for (const listener of this.listeners) listener(message);
    });
    this.worker.on('error', (error) => this.failed(error, onFailure));
    this.worker.on('exit', (code) => this.failed(new Error(`the WAL checkpointer exited with code ${code}`), onFailure));
  }

  /** Calls `listener` with each checkpoint's result until it returns; for tests. */
  onCheckpoint(listener: (result: CheckpointResult) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the worker and gives the writing connection its own checkpoints back. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.postMessage('stop');
    await exited;
    if (this.sqlite.open) this.sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
  }

  /** After a start, a failure is reported to onFailure; before it, start() rejects. */
  private failed(error: Error, onFailure: (error: Error) => void): void {
    if (this.stopped) return;
    this.stopped = true;
    if (!this.started) return;
    if (this.sqlite.open) this.sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
    onFailure(error);
  }
}
