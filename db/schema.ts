/**
 * The database schema: the product's eight tables (docs/product.md §3) with the changes docs/api.md
 * §7 and §12 to §14 describe, plus the tables the platform needs to run (signing keys, sessions,
 * monthly usage, idempotency records).
 *
 * Changes from the product's original tables, on purpose:
 * - no secret is stored in the clear: API-key secrets are kept as their SHA-256 digest, and a secret
 *   the platform created for the user waits AES-GCM-encrypted (`pendingSecret`) until first shown;
 * - passwords are a self-describing scrypt string (`passwordDigest`), never the password;
 * - money is integer cents everywhere (`overageCharges`, `amount`, `price`).
 * Times are epoch milliseconds (`timestamp_ms`), so ordering and month arithmetic are plain integers.
 */
import { sql } from 'drizzle-orm';
import {
  blob,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { CONTACT_SUBJECT_VALUES } from '../shared/contact.ts';
import { HISTORY_KEEPS } from '../shared/history.ts';
import { TIERS } from '../shared/plans.ts';
import { KEY_STATES, KEY_VERSION_STATES } from '../shared/key-lifecycle.ts';
import type { KeyOperation } from '../shared/key-operations.ts';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  username: text('username').unique(),
  /** scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>; null for accounts that only use Google. */
  passwordDigest: text('password_digest'),
  googleId: text('google_id').unique(),
  /** When the owner proved the email is theirs (a verification link, or Google's verified email); null until then. */
  emailVerifiedAt: integer('email_verified_at', { mode: 'timestamp_ms' }),
  /** Random; a verification link is valid only with the nonce it was made with, and using it clears the nonce. */
  emailVerificationNonce: text('email_verification_nonce'),
  /** When the latest verification link was issued: a new one is mailed at most once a minute (docs/decisions/037). */
  emailVerificationSentAt: integer('email_verification_sent_at', { mode: 'timestamp_ms' }),
  subscriptionTier: text('subscription_tier', { enum: TIERS })
    .notNull()
    .default('free'),
  /** Calls counted over the account's life (the free tier's limit is on this total). */
  apiUsageCount: integer('api_usage_count').notNull().default(0),
  apiUsageLimit: integer('api_usage_limit').notNull().default(100),
  /** Cents of overage owed and not yet paid (docs/api.md §14.3). */
  overageCharges: integer('overage_charges').notNull().default(0),
  /** When the paid tier ends (null on Free); past it the account is on Free limits (docs/api.md §14.4). */
  planExpiresAt: integer('plan_expires_at', { mode: 'timestamp_ms' }),
  /** What the history keeps of an API call's message: its SHA-256 and length, or the text (docs/decisions/038). */
  historyKeeps: text('history_keeps', { enum: HISTORY_KEEPS }).notNull().default('digest'),
  /**
   * Set when the owner deleted the account (docs/decisions/038): its keys, sessions and personal data
   * went at once, and housekeeping removes its operations and then the row.
   */
  deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  /** The TOTP secret of two-factor sign-in, AES-256-GCM-sealed with the user id as associated data (docs/decisions/039). */
  totpSecret: text('totp_secret'),
  /** A secret being set up: it replaces totpSecret once a code from it is entered. */
  totpPending: text('totp_pending'),
  totpEnabledAt: integer('totp_enabled_at', { mode: 'timestamp_ms' }),
  /** The last 30-second step a code was accepted for: a code works once. */
  totpLastStep: integer('totp_last_step'),
  createdAt: createdAt(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
});

/** What an API key may be restricted to (shared/key-operations.ts; docs/decisions/036, 057). */
export { KEY_OPERATIONS } from '../shared/key-operations.ts';
export type { KeyOperation };

/**
 * Every API key of an account: made by its owner, at sign-up, or issued with a purchase (a plan key,
 * `purchaseId` set). All of them draw on the account's one allowance and share one lifecycle
 * (docs/decisions/036).
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyName: text('key_name').notNull(),
    /** pk_… : a public identifier. */
    keyValue: text('key_value').notNull().unique(),
    /** SHA-256 of the secret, compared in constant time. */
    secretDigest: text('secret_digest').notNull(),
    /** The secret of a platform-created key, AES-GCM-sealed until the owner's first look. */
    pendingSecret: text('pending_secret'),
    /** After a rotation: the old secret's digest, still accepted until previousSecretExpiresAt. */
    previousSecretDigest: text('previous_secret_digest'),
    previousSecretExpiresAt: integer('previous_secret_expires_at', { mode: 'timestamp_ms' }),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    /** The purchase a plan key was issued with; null for the owner's own keys. */
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'set null' }),
    /** The operations the key may call; null: all of them. */
    allowedOperations: text('allowed_operations', { mode: 'json' }).$type<KeyOperation[]>(),
    /** When the key stops working; null: never. */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    /** Calls made with the key, in total (a statistic; its months are `key:<pk_…>` in monthly_usage). */
    usageCount: integer('usage_count').notNull().default(0),
    lastUsed: integer('last_used', { mode: 'timestamp_ms' }),
    /** The client address of the last call (as TRUST_PROXY resolves it). */
    lastUsedIp: text('last_used_ip'),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_user_idx').on(t.userId), uniqueIndex('api_keys_purchase_idx').on(t.purchaseId)],
);

export const cryptoOperations = sqliteTable(
  'crypto_operations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The anonymous demo session that made the operation, so it can list its own history. */
    demoSessionId: text('demo_session_id'),
    /** 'api' (public, metered) or 'demo'. */
    channel: text('channel', { enum: ['api', 'demo'] }).notNull(),
    /** The public key identifier (pk_…) a metered call was made with, for the key inspector. */
    apiKey: text('api_key'),
    operationType: text('operation_type').notNull(),
    algorithm: text('algorithm').notNull(),
    /** The message as received; empty when only its digest is kept (messageSha256). */
    message: text('message').notNull(),
    /** Hex SHA-256 of the message's UTF-8 bytes, set instead of the text for an account that keeps digests (docs/decisions/038). */
    messageSha256: text('message_sha256'),
    /** UTF-8 bytes of the message, with messageSha256. */
    messageLength: integer('message_length'),
    /** The signature or proof as JSON; its `encoded` member sits in signatureBytes when that is set. */
    signature: text('signature', { mode: 'json' }).notNull(),
    publicKey: text('public_key', { mode: 'json' }),
    /**
     * The `encoded` (base64) member of signature and publicKey, kept as its raw bytes: its commit
     * writes a quarter fewer bytes and no 4 KB JSON string (docs/decisions/030). Null in rows
     * written before migration 0006, whose JSON still holds `encoded`.
     */
    signatureBytes: blob('signature_bytes', { mode: 'buffer' }),
    publicKeyBytes: blob('public_key_bytes', { mode: 'buffer' }),
    /**
     * Set instead of publicKeyBytes when the public key is that of one of the user's signing keys,
     * which live as long as the user and so as long as the row: a sign row then fits one page
     * instead of spilling 2 KB onto an overflow page (docs/decisions/032). No foreign key: its
     * check would cost every insert; a trigger (migration 0007) refuses to delete such a key instead.
     */
    signingKeyId: text('signing_key_id'),
    verified: integer('verified', { mode: 'boolean' }).notNull().default(false),
    metadata: text('metadata', { mode: 'json' }),
    /** Bytes. */
    signatureSize: real('signature_size'),
    /** Milliseconds measured around the engine call. */
    generationTime: real('generation_time'),
    verificationTime: real('verification_time'),
    createdAt: createdAt(),
  },
  (t) => [
    index('crypto_operations_user_idx').on(t.userId, t.id),
    // Partial: an API call's row has no demo session and a demo row no API key, so each insert
    // updates only the index that can find it (docs/decisions/030).
    index('crypto_operations_demo_idx').on(t.demoSessionId, t.id).where(sql`${t.demoSessionId} IS NOT NULL`),
    index('crypto_operations_api_key_idx').on(t.apiKey, t.id).where(sql`${t.apiKey} IS NOT NULL`),
  ],
);

export const contactMessages = sqliteTable('contact_messages', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject', { enum: CONTACT_SUBJECT_VALUES }).notNull(),
  message: text('message').notNull(),
  status: text('status').notNull().default('pending'),
  createdAt: createdAt(),
});

export const pricingPlans = sqliteTable('pricing_plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Cents per month; null for a custom (Enterprise) price. */
  price: integer('price'),
  currency: text('currency').notNull().default('USD'),
  features: text('features', { mode: 'json' }).$type<string[]>().notNull(),
  /** Calls per month (per life for Free); null means unlimited. */
  usageLimit: integer('usage_limit'),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  createdAt: createdAt(),
});

export const purchases = sqliteTable(
  'purchases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Null once the account is deleted: a purchase is a record of money and outlives it (docs/decisions/036). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    paypalOrderId: text('paypal_order_id').notNull().unique(),
    /**
     * The PayPal-Request-Id the order was created with: random, so nobody can create an order under
     * it first and have it answered to this purchase (docs/decisions/035). Null before migration 0008.
     */
    paypalRequestId: text('paypal_request_id'),
    planType: text('plan_type').notNull(),
    planName: text('plan_name').notNull(),
    /** Cents. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status').notNull().default('pending'),
    paypalCaptureId: text('paypal_capture_id'),
    /** Calls per calendar month (UTC) for keys of this purchase. */
    usageLimit: integer('usage_limit'),
    usageCount: integer('usage_count').notNull().default(0),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    /** Bought while the same plan ran: it extends that plan's period by a month. */
    renewal: integer('renewal', { mode: 'boolean' }).notNull().default(false),
    /** When the mail announcing the plan's end, seven days ahead, was sent (or found unneeded). */
    expiryNoticeAt: integer('expiry_notice_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('purchases_user_idx').on(t.userId),
    // One capture completes one purchase: a replayed return, capture or webhook cannot complete a second.
    uniqueIndex('purchases_capture_idx').on(t.paypalCaptureId),
  ],
);

/**
 * Plans an operator set with the `plan` command (docs/decisions/035). The newest grant of an
 * account, while it runs, decides its plan over its purchases; once it ends, the purchases decide.
 */
export const planGrants = sqliteTable(
  'plan_grants',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier', { enum: TIERS }).notNull(),
    /** When the grant ends; null: until the operator sets another plan. */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('plan_grants_user_idx').on(t.userId, t.id)],
);

export const billingCharges = sqliteTable(
  'billing_charges',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'set null' }),
    chargeType: text('charge_type').notNull(),
    /** Cents. */
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    paypalOrderId: text('paypal_order_id'),
    status: text('status').notNull().default('pending'),
    /** YYYY-MM (UTC) of an overage row: one row per account and month, its amount growing with the calls. */
    month: text('month'),
    createdAt: createdAt(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('billing_charges_user_idx').on(t.userId),
    uniqueIndex('billing_charges_overage_month_idx').on(t.userId, t.month).where(sql`${t.chargeType} = 'overage'`),
    // A plan purchase is charged once.
    uniqueIndex('billing_charges_plan_purchase_idx').on(t.purchaseId).where(sql`${t.chargeType} = 'plan'`),
  ],
);

/**
 * An account's monthly ceiling on overage (docs/decisions/036). No row: the default (the plan's price
 * for an account that has never paid overage, else none); a row with null cents: no ceiling.
 */
export const spendingLimits = sqliteTable('spending_limits', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Cents of overage a calendar month may reach; null: no ceiling. */
  monthlyCents: integer('monthly_cents'),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Spending-limit mails sent: one per account, month and threshold (80 or 100 per cent). */
export const spendingAlerts = sqliteTable(
  'spending_alerts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    percent: integer('percent').notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.percent] })],
);

/**
 * Receipts for completed payments and credit notes for refunds and reversals (docs/decisions/036).
 * Each keeps its own copy of what it states, so it reads the same whatever happens to the purchase
 * or the account afterwards; the account link is cleared, not cascaded, when the account goes.
 */
export const receipts = sqliteTable(
  'receipts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** R-000001 for receipts, C-000001 for credit notes: gapless, in the order issued. */
    number: text('number').notNull().unique(),
    kind: text('kind', { enum: ['receipt', 'credit_note'] }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The purchase paid (or refunded); kept as a plain number so the receipt outlives it. */
    purchaseId: integer('purchase_id').notNull(),
    /** The receipt a credit note reverses. */
    creditedNumber: text('credited_number'),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }).notNull(),
    /** What was paid for: the plan and its period, or the months of overage. */
    description: text('description').notNull(),
    /** Cents, positive on both kinds (a credit note says it is a credit). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    payerEmail: text('payer_email'),
    payerName: text('payer_name'),
    paypalCaptureId: text('paypal_capture_id'),
    /** The seller's name, address, email and tax id as configured when it was issued. */
    seller: text('seller', { mode: 'json' }).$type<{ name: string; address: string | null; email: string | null; taxId: string | null }>().notNull(),
  },
  (t) => [index('receipts_user_idx').on(t.userId, t.id), uniqueIndex('receipts_purchase_kind_idx').on(t.purchaseId, t.kind)],
);

/** Platform-managed signing keys (docs/api.md §7): a KMS-like store of seeds sealed under the master key. */
export const signingKeys = sqliteTable(
  'signing_keys',
  {
    /** Public identifier returned as `keyId`. */
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Set instead of userId for a demo visitor's per-session key. */
    demoSessionId: text('demo_session_id'),
    algorithm: text('algorithm').notNull(),
    name: text('name').notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    /**
     * Version 1's seed, AES-256-GCM-sealed with the key id as associated data (key_versions holds
     * every version's, this one included); null once the key is destroyed.
     */
    sealedSeed: text('sealed_seed'),
    /** Base64 of version 1's encoded public key: operation records that point here show it (docs/decisions/056). */
    publicKey: text('public_key').notNull(),
    createdAt: createdAt(),
    /** The version sign calls use; rotation makes a new one primary (docs/decisions/056). */
    primaryVersion: integer('primary_version').notNull().default(1),
    state: text('state', { enum: KEY_STATES }).notNull().default('enabled'),
    /** When a key pending deletion is destroyed. */
    deletionAt: integer('deletion_at', { mode: 'timestamp_ms' }),
    /** Automatic rotation's period; null: rotated only when asked. */
    rotationPeriodDays: integer('rotation_period_days'),
    nextRotationAt: integer('next_rotation_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('signing_keys_user_idx').on(t.userId, t.algorithm),
    index('signing_keys_demo_idx').on(t.demoSessionId, t.algorithm),
    index('signing_keys_deletion_idx').on(t.deletionAt),
    index('signing_keys_rotation_idx').on(t.nextRotationAt),
  ],
);

/**
 * A managed key's versions (docs/decisions/056): each a seed, sealed with the key id (and the
 * version past 1) as associated data, and its public key, whatever the algorithm. Destroying a key
 * nulls the seeds and keeps the public keys, so what it signed still verifies.
 */
export const keyVersions = sqliteTable(
  'key_versions',
  {
    /** Row id, by which a master-key rotation writes a re-sealed seed back (server/ops/sealed-values.ts). */
    id: integer('id').primaryKey({ autoIncrement: true }),
    keyId: text('key_id').notNull().references(() => signingKeys.id, { onDelete: 'cascade' }),
    /** From 1. */
    version: integer('version').notNull(),
    sealedSeed: text('sealed_seed'),
    /** Base64 of the encoded public key. */
    publicKey: text('public_key').notNull(),
    state: text('state', { enum: KEY_VERSION_STATES }).notNull().default('enabled'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('key_versions_key_version_idx').on(t.keyId, t.version)],
);

/**
 * Key imports waiting for their wrapped seed (docs/decisions/056): a per-import ML-KEM-768 wrapping
 * key whose seed is sealed here, used once within 24 hours.
 */
export const keyImports = sqliteTable(
  'key_imports',
  {
    /** `imp_` + 22 base62. */
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    algorithm: text('algorithm').notNull(),
    name: text('name'),
    /** Set when the import adds a version to this key instead of creating one. */
    keyId: text('key_id'),
    /** The wrapping key's 64-byte ML-KEM seed, sealed with the import id as associated data; null once used. */
    sealedSecret: text('sealed_secret'),
    /** Base64 of the wrapping key's encapsulation key. */
    wrappingPublicKey: text('wrapping_public_key').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('key_imports_user_idx').on(t.userId), index('key_imports_expires_idx').on(t.expiresAt)],
);

/** express-session's store. */
export const sessions = sqliteTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    data: text('data').notNull(),
    /** Epoch ms. */
    expiresAt: integer('expires_at').notNull(),
    /** The signed-in account, copied from the data by the store: an account's sessions are listed and ended by it. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_user_idx').on(t.userId)],
);

/**
 * Email changes waiting for their confirmation link (docs/decisions/037): only SHA-256 of the
 * token is kept; a link works for 24 hours, once, in the account's own session.
 */
export const emailChanges = sqliteTable(
  'email_changes',
  {
    tokenDigest: text('token_digest').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId, t.createdAt)],
);

/** Two-factor sign-in's recovery codes: each works once; only their SHA-256 is kept (docs/decisions/039). */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    codeDigest: text('code_digest').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Password-reset links (docs/decisions/037): only SHA-256 of the random token is kept, a link works
 * for 30 minutes, once.
 */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    tokenDigest: text('token_digest').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Calls per calendar month (UTC), per meter: `user:<id>` is an account's, which every key of it
 * draws on; `key:<pk_…>` counts one key's calls as a statistic. `purchase:<id>` rows are plan keys'
 * own allowances from before migration 0009 (docs/decisions/036), kept as history.
 */
export const monthlyUsage = sqliteTable(
  'monthly_usage',
  {
    meter: text('meter').notNull(),
    /** YYYY-MM in UTC. */
    month: text('month').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.meter, t.month] })],
);

/**
 * Calls added to an account's allowance for one month. Migration 0009 wrote them for the month it
 * ran in, so that folding plan keys' own allowances into the account's took no free call from
 * anyone (docs/decisions/036).
 */
export const allowanceCredits = sqliteTable(
  'allowance_credits',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM in UTC. */
    month: text('month').notNull(),
    calls: integer('calls').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/** First responses of public POSTs sent with an Idempotency-Key, replayed for 24 hours. */
export const idempotencyRecords = sqliteTable(
  'idempotency_records',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['pending', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    /**
     * The server instance running the first request while it is pending, so that an instance
     * starting up frees only the records of instances that are gone (PostgreSQL, where several
     * share the database: docs/decisions/050-one-storage-seam.md). Null on SQLite, where one
     * process owns the file (db/server-lock.ts) and every pending record at start-up is its
     * predecessor's.
     */
    instanceId: text('instance_id'),
  },
  (t) => [uniqueIndex('idempotency_user_key_idx').on(t.userId, t.key)],
);

/**
 * Dilion service keys (docs/crypto/dilion.md §2): ML-KEM-768 keys that privacy identifiers are
 * sealed to, one current key per (owner, sid). The platform creates one on first use and keeps its
 * 64-byte seed (d ‖ z) sealed; a service may instead register its own encapsulation key, which
 * leaves sealedSeed null (only the service can open those pidCiphers).
 */
export const serviceKeys = sqliteTable(
  'service_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Hex of SHA3-256(ek): the serviceKeyId in pidCipher. */
    keyId: text('key_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    demoSessionId: text('demo_session_id'),
    sid: text('sid').notNull(),
    /** Base64 of the 1,184-byte encapsulation key. */
    publicKey: text('public_key').notNull(),
    /** The 64-byte seed, AES-256-GCM-sealed with the row's key id as associated data; null if registered. */
    sealedSeed: text('sealed_seed'),
    /** The key new signatures for (owner, sid) use; older ones stay to open older signatures. */
    isCurrent: integer('is_current', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('service_keys_key_id_idx').on(t.keyId),
    index('service_keys_user_idx').on(t.userId, t.sid),
    index('service_keys_demo_idx').on(t.demoSessionId, t.sid),
  ],
);

/**
 * Running totals per algorithm behind GET /api/crypto/performance: updated with each operation
 * record, so the read is constant time whatever the history holds, and kept when old demo rows are
 * purged.
 */
export const performanceTotals = sqliteTable('performance_totals', {
  algorithm: text('algorithm').primaryKey(),
  operations: integer('operations').notNull().default(0),
  /** Signature sizes of sign operations, and how many. */
  sizeSum: real('size_sum').notNull().default(0),
  sizeCount: integer('size_count').notNull().default(0),
  generationSum: real('generation_sum').notNull().default(0),
  generationCount: integer('generation_count').notNull().default(0),
  verificationSum: real('verification_sum').notNull().default(0),
  verificationCount: integer('verification_count').notNull().default(0),
});

/**
 * The audit log (docs/decisions/055-audit-log.md): one row per key or account event, chained per
 * account. `seq` counts the account's events from 1; `hash` is SHA-256 over the canonical encoding
 * of every field and `prevHash` (server/features/audit/audit-chain.ts), so a removed, altered or
 * reordered row breaks the chain. `details` is the canonical JSON text that was hashed, never a
 * secret. The events go with the account's row (purged after deletion).
 */
export const auditEvents = sqliteTable(
  'audit_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    /** account (its session), api_key, system (housekeeping, metering) or operator (an ops command). */
    actorKind: text('actor_kind').notNull(),
    /** The API key's pk_… for api_key; null otherwise. */
    actorId: text('actor_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    clientAddress: text('client_address'),
    requestId: text('request_id'),
    /** What the event is about: a key's id, a purchase's id; null when the account itself. */
    subject: text('subject'),
    details: text('details').notNull(),
    /** Hex; 64 zeros for an account's first event, else the previous event's (or the anchor's) hash. */
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('audit_events_user_seq_idx').on(t.userId, t.seq), index('audit_events_created_idx').on(t.createdAt)],
);

/**
 * Where an account's chain starts once housekeeping removed its oldest events (past the retention
 * period): the seq and hash of the last event removed, so what is left still verifies.
 */
export const auditAnchors = sqliteTable('audit_anchors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  hash: text('hash').notNull(),
});
