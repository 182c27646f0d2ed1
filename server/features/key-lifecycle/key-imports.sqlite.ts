/**
 * Key imports on SQLite (docs/decisions/056-key-versions-and-lifecycle.md): taking one is an
 * IMMEDIATE transaction that reads the secret and clears it, with one writer and one process.
 */
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { keyImports } from '../../../db/schema.ts';
import type { KeyImportsRepository, NewKeyImport, TakenImport } from './key-imports.repository.ts';

export class SqliteKeyImportsRepository implements KeyImportsRepository {
  constructor(private readonly db: Db) {}

  async create(row: NewKeyImport): Promise<void> {
    this.db.insert(keyImports).values(row).run();
  }

  async take(userId: string, importId: string, now: Date): Promise<TakenImport> {
    return this.db.transaction(
      (tx): TakenImport => {
        const mine = and(eq(keyImports.id, importId), eq(keyImports.userId, userId));
        const row = tx.select().from(keyImports).where(mine).get();
        if (!row) return { missing: true };
        if (row.usedAt !== null || row.sealedSecret === null) return { gone: 'used' };
        if (row.expiresAt.getTime() <= now.getTime()) return { gone: 'expired' };
        const taken = tx.update(keyImports).set({ usedAt: now, sealedSecret: null }).where(and(mine, isNull(keyImports.usedAt))).run().changes;
        if (taken !== 1) return { gone: 'used' };
        return { taken: { ...row, sealedSecret: row.sealedSecret } };
      },
      { behavior: 'immediate' },
    );
  }

  async purgeExpired(cutoff: Date): Promise<number> {
    return this.db.delete(keyImports).where(lte(keyImports.expiresAt, cutoff)).run().changes;
  }
}
