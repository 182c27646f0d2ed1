/**
 * The performance figures (operation counts, average signature sizes and times per algorithm) as
 * running totals in performance_totals, added to in the commit that stores the rows they count, so
 * reading them costs the same however long the history, and purging old rows does not change them.
 */
import type Database from 'better-sqlite3';
import type { AlgorithmPerformance, PerformanceFigures } from './operation-history.repository.ts';

/** What the totals read of a stored row (its columns' values as bound to SQLite). */
export type CountedRow = Record<'algorithm' | 'operationType' | 'signatureSize' | 'generationTime' | 'verificationTime', string | number | Buffer | null>;

/** An algorithm's share of a commit's rows, in the order of the upsert's parameters. */
export type TotalsDelta = [algorithm: string, operations: number, size: number, sizeCount: number, generation: number, generationCount: number, verification: number, verificationCount: number];

/**
 * What the rows of one commit add to their algorithms' running totals: one upsert per algorithm
 * instead of one per row (about 2 µs a row when a commit holds several).
 */
export function totalsOf(rows: readonly CountedRow[]): TotalsDelta[] {
  const byAlgorithm = new Map<string, TotalsDelta>();
  for (const row of rows) {
    const algorithm = row.algorithm as string;
    let delta = byAlgorithm.get(algorithm);
    if (!delta) byAlgorithm.set(algorithm, (delta = [algorithm, 0, 0, 0, 0, 0, 0, 0]));
    const size = row.signatureSize as number | null;
    const generation = row.generationTime as number | null;
    const verification = row.verificationTime as number | null;
    delta[1] += 1;
    if (row.operationType === 'sign' && size !== null) {
      delta[2] += size;
      delta[3] += 1;
    }
    if (generation !== null) {
      delta[4] += generation;
      delta[5] += 1;
    }
    if (verification !== null) {
      delta[6] += verification;
      delta[7] += 1;
    }
  }
  return [...byAlgorithm.values()];
}

/** Adds rows to the running totals; call it inside the transaction that stores them. Parameters are bound by position, as the rows' are. */
export function totalsUpsert(sqlite: Database.Database): (rows: readonly CountedRow[]) => void {
  const upsert = sqlite.prepare(
    `INSERT INTO performance_totals (algorithm, operations, size_sum, size_count, generation_sum, generation_count, verification_sum, verification_count)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (algorithm) DO UPDATE SET operations = operations + excluded.operations,
       size_sum = size_sum + excluded.size_sum, size_count = size_count + excluded.size_count,
       generation_sum = generation_sum + excluded.generation_sum, generation_count = generation_count + excluded.generation_count,
       verification_sum = verification_sum + excluded.verification_sum, verification_count = verification_count + excluded.verification_count`,
  );
  return (rows) => {
    for (const delta of totalsOf(rows)) upsert.run(delta);
  };
}

/** One algorithm's running totals, as stored. */
export interface PerformanceTotalsRow {
  algorithm: string;
  operations: number;
  sizeSum: number;
  sizeCount: number;
  generationSum: number;
  generationCount: number;
  verificationSum: number;
  verificationCount: number;
}

/** The averages, overall and per algorithm (in the rows' order), from the running totals. */
export function performanceFrom(rows: readonly PerformanceTotalsRow[]): PerformanceFigures {
  const average = (sum: number, n: number) => (n === 0 ? 0 : sum / n);
  const shape = (algorithm: string, t: Omit<PerformanceTotalsRow, 'algorithm'>): AlgorithmPerformance => ({
    algorithm,
    operations: t.operations,
    averageSignatureSize: average(t.sizeSum, t.sizeCount),
    averageGenerationTime: average(t.generationSum, t.generationCount),
    averageVerificationTime: average(t.verificationSum, t.verificationCount),
  });
  const sum = (pick: (t: PerformanceTotalsRow) => number) => rows.reduce((n, t) => n + pick(t), 0);
  const overall = shape('all', {
    operations: sum((t) => t.operations),
    sizeSum: sum((t) => t.sizeSum),
    sizeCount: sum((t) => t.sizeCount),
    generationSum: sum((t) => t.generationSum),
    generationCount: sum((t) => t.generationCount),
    verificationSum: sum((t) => t.verificationSum),
    verificationCount: sum((t) => t.verificationCount),
  });
  return { overall, byAlgorithm: rows.map((t) => shape(t.algorithm, t)) };
}
