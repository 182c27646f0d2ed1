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

/** 'pq:hkcap': held for the transaction of one over-cap purge (server/housekeeping.postgres.ts), so two instances' purges run one after the other. */
export const HOUSEKEEPING_CAPS_LOCK = 0x70713a686b636170n;
/**
 * 'pqdk' (as a 32-bit class, the two-key form, which PostgreSQL keeps apart from the 64-bit keys
 * above): with hashtext(demo session id) as the second key, held by the transaction that counts or
 * looks for a demo session's keys and creates one (key-owner-lock.postgres.ts); a session has no
 * row to lock. Two sessions whose ids hash alike only wait for each other.
 */
export const DEMO_SESSION_KEYS_LOCK_CLASS = 0x7071646b;

/**
 * 'pq:mkrot': held (as a session lock) by rotate-master-key from its start until it has replaced
 * its key file (server/ops/rotation-database.postgres.ts), so two rotations never run together.
 */
export const MASTER_KEY_ROTATION_LOCK = 0x70713a6d6b726f74n;
