/**
 * The WAL checkpointer's thread (db/checkpointer.ts): its own connection to the database, a
 * PASSIVE checkpoint every `everyMs`. A passive checkpoint copies what it can without waiting for
 * or blocking the writer, so the server's commits never wait on it.
 *
 * The addon comes as a path (better-sqlite3's own finder does not run in the single executable's
 * bundled worker); each result goes back to the main thread, where tests read it.
 */
import { Database } from './sqlite-driver.ts';
import { parentPort, workerData } from 'node:worker_threads';

export interface CheckpointWorkerData {
  file: string;
  addon: string;
  everyMs: number;
}

/** One checkpoint's outcome, as PRAGMA wal_checkpoint gives it: WAL frames, and how many are in the database file. */
export interface CheckpointResult {
  log: number;
  checkpointed: number;
}

const { file, addon, everyMs } = workerData as CheckpointWorkerData;
function openConnection(): Database {
  try {
    return new Database(file, { fileMustExist: true, nativeBinding: addon });
  } catch (error) {
    // A plain Error: the main thread receives SqliteError as a bare object without its message.
    throw new Error(`the WAL checkpointer cannot open ${file}: ${(error as Error).message}`, { cause: error });
  }
}

const db = openConnection();
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');

const timer = setInterval(() => {
  const [row] = checkpoint.all() as { busy: number; log: number; checkpointed: number }[];
  parentPort!.postMessage({ log: row!.log, checkpointed: row!.checkpointed } satisfies CheckpointResult);
}, everyMs);

parentPort!.on('message', (message: 'stop') => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort!.close();
});
parentPort!.postMessage('ready');
