/**
 * A managed key's lifecycle (docs/decisions/056-key-versions-and-lifecycle.md), shared by the
 * database schemas, the API contract and the web.
 */

/** enabled: usable; disabled: refuses every operation until enabled; pending_deletion: likewise until destroyed or cancelled; destroyed: seeds gone, public keys kept. */
export const KEY_STATES = ['enabled', 'disabled', 'pending_deletion', 'destroyed'] as const;
export type KeyState = (typeof KEY_STATES)[number];

/** A version is enabled until its key is destroyed. */
export const KEY_VERSION_STATES = ['enabled', 'destroyed'] as const;
export type KeyVersionState = (typeof KEY_VERSION_STATES)[number];

/** A key holds at most this many versions: rotation past it is refused (the account's key limit counts keys). */
export const MAX_KEY_VERSIONS = 100;

/** schedule-deletion's waiting period, in days. */
export const DELETION_DAYS = { min: 7, max: 30 } as const;

/** Automatic rotation's period, in days. */
export const ROTATION_PERIOD_DAYS = { min: 30, max: 365 } as const;

/** How long a key import waits for its wrapped seed. */
export const KEY_IMPORT_TTL_MS = 24 * 60 * 60 * 1000;

/** The algorithms a key can be imported for, and their seed lengths in bytes (FIPS 204 ξ; FIPS 203 d ‖ z). */
export const IMPORT_SEED_BYTES = { 'ML-DSA-44': 32, 'ML-DSA-65': 32, 'ML-DSA-87': 32, 'ML-KEM-768': 64 } as const;
export type ImportAlgorithm = keyof typeof IMPORT_SEED_BYTES;
export const IMPORT_ALGORITHMS = Object.keys(IMPORT_SEED_BYTES) as [ImportAlgorithm, ...ImportAlgorithm[]];

/** The wrapping import uses (RFC 9180 base mode), and the info string bound into it. */
export const KEY_IMPORT_WRAPPING = 'HPKE ML-KEM-768/HKDF-SHA256/ChaCha20-Poly1305';
export const keyImportInfo = (importId: string) => `kms-key-import:${importId}`;
