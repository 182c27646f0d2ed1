/**
 * Every PostgreSQL advisory lock key the platform takes, in one place so two uses never share a key
 * by accident. Advisory locks are database-wide and mean only what the application says they mean
 * (PostgreSQL's documentation, "Advisory Locks"); the keys are 64-bit, written here as the ASCII of a
 * short name so a look at pg_locks (classid ‖ objid) tells which one is held.
 */

/** 'pq:migr': held while one instance applies migrations (migrate.ts). */
export const MIGRATIONS_LOCK = 0x70713a6d69677200n;

/** 'pq:rcpt': held by the transaction that numbers a receipt or credit note, so numbers run without gaps (receipts.postgres.ts). */
export const RECEIPT_NUMBERS_LOCK = 0x70713a7263707400n;
