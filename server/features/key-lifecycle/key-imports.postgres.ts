/**
 * Key imports on PostgreSQL (docs/decisions/056-key-versions-and-lifecycle.md), exact across
 * instances: taking one is a single UPDATE that reads the secret it clears (from the row as it
 * was, locked FOR UPDATE in the same statement), conditional on the import being unused and
 * unexpired, so concurrent completions on any instances take it once.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { keyImports } from '../../../db/postgres/schema.ts';
import type { KeyImportRow, KeyImportsRepository, NewKeyImport, TakenImport } from './key-imports.repository.ts';

export class PostgresKeyImportsRepository implements KeyImportsRepository {
  constructor(private readonly db: PgDb) {}

  async create(row: NewKeyImport): Promise<void> {
    await this.db.insert(keyImports).values(row);
  }

  async take(userId: string, importId: string, now: Date): Promise<TakenImport> {
    const at = now.getTime();
    const { rows } = await this.db.$client.query<{ secret: string }>(
      `WITH old AS (SELECT id, sealed_secret FROM key_imports WHERE id = $1 AND user_id = $2 FOR UPDATE)
       UPDATE key_imports k SET used_at = $3, sealed_secret = NULL FROM old
       WHERE k.id = old.id AND k.used_at IS NULL AND k.sealed_secret IS NOT NULL AND k.expires_at > $3
       RETURNING old.sealed_secret AS secret`,
      [importId, userId, at],
    );
    const [row] = await this.db.select().from(keyImports).where(and(eq(keyImports.id, importId), eq(keyImports.userId, userId)));
    if (!row) return { missing: true };
    if (rows[0]) return { taken: { ...(row as KeyImportRow), sealedSecret: rows[0].secret } };
    return { gone: row.usedAt !== null ? 'used' : row.expiresAt.getTime() <= at ? 'expired' : 'used' };
  }

  async purgeExpired(cutoff: Date): Promise<number> {
    const removed = await this.db.delete(keyImports).where(lte(keyImports.expiresAt, cutoff)).returning({ id: keyImports.id });
    return removed.length;
  }
}
