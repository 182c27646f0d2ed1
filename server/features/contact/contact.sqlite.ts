/** Contact messages on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from contact.service.ts. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { contactMessages } from '../../../db/schema.ts';
import type { ContactRepository, NewContactMessage, StoredContactMessage } from './contact.repository.ts';

export class SqliteContactRepository implements ContactRepository {
  constructor(private readonly db: Db) {}

  async store(message: NewContactMessage, createdAt: Date): Promise<StoredContactMessage> {
    const { name, email, subject } = message;
    return this.db.insert(contactMessages).values({ name, email, subject, message: message.message, createdAt }).returning().get();
  }

  async forget(id: number): Promise<void> {
    this.db.delete(contactMessages).where(eq(contactMessages.id, id)).run();
  }
}
