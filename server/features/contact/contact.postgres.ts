/** Contact messages on PostgreSQL (docs/decisions/050-one-storage-seam.md): one statement each, as on SQLite (contact.sqlite.ts). */
import { eq } from 'drizzle-orm';
import type { PgDb } from '../../../db/postgres/connect.ts';
import { contactMessages } from '../../../db/postgres/schema.ts';
import type { ContactRepository, NewContactMessage, StoredContactMessage } from './contact.repository.ts';

export class PostgresContactRepository implements ContactRepository {
  constructor(private readonly db: PgDb) {}

  async store(message: NewContactMessage, createdAt: Date): Promise<StoredContactMessage> {
    const { name, email, subject } = message;
    const [row] = await this.db.insert(contactMessages).values({ name, email, subject, message: message.message, createdAt }).returning();
    return row!;
  }

  async forget(id: number): Promise<void> {
    await this.db.delete(contactMessages).where(eq(contactMessages.id, id));
  }
}
