/**
 * What the reads of operation records need of storage (docs/decisions/050-one-storage-seam.md): an
 * owner's history page by page, the counts and dates the account pages show, the key inspector's
 * list, the performance figures, and the batched deletion of a history (history-deletion.ts). The
 * writes are the group commit's (operations.repository.ts).
 *
 * Every list is newest first by id, and a page's cursor is the id of its last row: ids are unique,
 * so the order is total and both engines give the same pages of the same rows, and each page is one
 * range scan of the (user_id, id), (demo_session_id, id) or (api_key, id) index. A cursor stays
 * valid when its row is deleted. Ids follow created_at but for the milliseconds between a call's
 * record and its commit (operations.service.ts).
 */
import type { cryptoOperations } from '../../../db/schema.ts';

/**
 * A row as the reads give it: with the public key of the signing key it points to, if any
 * (signingKeyId, docs/decisions/032), as stored on that key (base64).
 */
export type OperationRow = typeof cryptoOperations.$inferSelect & { keyPublicKey: string | null };

export type HistoryOwner = { userId: string } | { demoSessionId: string };

/** An account's metered API calls of one algorithm on one UTC day. */
export interface DailyApiCalls {
  /** YYYY-MM-DD (UTC). */
  date: string;
  algorithm: string;
  calls: number;
}

export interface AlgorithmPerformance {
  algorithm: string;
  operations: number;
  averageSignatureSize: number;
  averageGenerationTime: number;
  averageVerificationTime: number;
}

export interface PerformanceFigures {
  overall: AlgorithmPerformance;
  /** One per algorithm, by its name in byte order. */
  byAlgorithm: AlgorithmPerformance[];
}

/** An operation's id and when it was recorded (ms since the epoch), as history-deletion.ts walks them. */
export interface OperationStamp {
  id: number;
  createdAt: number;
}

export interface OperationHistoryRepository {
  /** The owner's newest `limit` operations with ids below `before` (when given). An anonymous session's are only those it made while signed out. */
  history(owner: HistoryOwner, limit: number, before?: number): Promise<OperationRow[]>;
  /** When the user's first operation still kept (the lowest id) was made; null with none. */
  oldestForUser(userId: string): Promise<Date | null>;
  countForUser(userId: string): Promise<number>;
  /** The user's API-channel operations per UTC day and algorithm in [from, to), by date then algorithm (byte order). */
  dailyApiCalls(userId: string, from: Date, to: Date): Promise<DailyApiCalls[]>;
  /** The newest `limit` operations made with one API key (the key inspector). */
  forApiKey(keyValue: string, limit: number): Promise<OperationRow[]>;
  /** Averages over every operation ever recorded, from the running totals (performance-totals.ts). */
  performance(): Promise<PerformanceFigures>;
  /** Deletes the user's `limit` operations of lowest id; how many. */
  deleteFirstOfUser(userId: string, limit: number): Promise<number>;
  /** The user's next `limit` operations after id `after`, by id. */
  stampsAfter(userId: string, after: number, limit: number): Promise<OperationStamp[]>;
  /** Deletes the user's operations with `after` < id <= `through` made before `cutoff` (ms); how many. */
  deleteMadeBefore(userId: string, after: number, through: number, cutoff: number): Promise<number>;
}
