/**
 * What contact messages need of storage (docs/decisions/050-one-storage-seam.md): a message is
 * stored before it is mailed, and forgotten once the team's mailbox has it (docs/product.md §11).
 * The purge of old ones is housekeeping's (server/housekeeping.repository.ts).
 */
import type { ContactSubject } from '../../../shared/contact.ts';

export interface NewContactMessage {
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
}

export interface StoredContactMessage extends NewContactMessage {
  id: number;
  status: string;
  createdAt: Date;
}

export interface ContactRepository {
  /** Stores the message, pending, made at `createdAt`. */
  store(message: NewContactMessage, createdAt: Date): Promise<StoredContactMessage>;
  /** Forgets a message the team's mailbox has received. */
  forget(id: number): Promise<void>;
}
