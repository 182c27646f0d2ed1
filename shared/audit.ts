/**
 * The audit log's vocabulary (docs/decisions/055-audit-log.md), shared by the server, its contract
 * and the dashboard: every event type in one list, and who can act. An event type names what
 * happened to the account or one of its keys, never a sign or verify call.
 */
export const AUDIT_EVENT_TYPES = [
  // Signing in and the account's credentials.
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.password_changed',
  'auth.password_reset',
  'auth.two_factor_enabled',
  'auth.two_factor_disabled',
  'auth.recovery_codes_regenerated',
  'auth.email_changed',
  // API keys.
  'api_key.created',
  'api_key.rotated',
  'api_key.disabled',
  'api_key.enabled',
  'api_key.deleted',
  'api_key.secret_revealed',
  'api_key.restrictions_changed',
  // Managed keys (signing and KEM).
  'signing_key.created',
  'signing_key.public_key_exported',
  'kem_key.created',
  'key.rotated',
  'key.disabled',
  'key.enabled',
  'key.deletion_scheduled',
  'key.deletion_cancelled',
  'key.destroyed',
  'key.imported',
  'key.rotation_period_changed',
  // The plan.
  'plan.purchased',
  'plan.expired',
  'plan.set_by_operator',
  // The account's data.
  'account.data_exported',
  'account.deleted',
] as const;

export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/**
 * Who did it: the account itself (a signed-in session, or a link mailed to it), one of its API keys,
 * the server on its own (metering, a payment's capture, a default key made on first use), the
 * operator with an ops command, or someone not signed in (a failed sign-in).
 */
export const AUDIT_ACTOR_KINDS = ['account', 'api_key', 'system', 'operator', 'anonymous'] as const;

export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** How long an audit event is kept (docs/product.md §11), in days. */
export const AUDIT_RETENTION_DAYS = 365;
