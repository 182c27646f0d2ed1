/**
 * For the tests of the SQLite-to-PostgreSQL copy (copy-from-sqlite.ts, server/ops/copy-to-postgres.ts):
 * a comparison of every table that owes nothing to the copy's own code, and rows with edge values
 * for every table.
 *
 * The comparison lists the tables from SQLite's catalog (not from db/schema.ts, which the copy
 * iterates) and reads both sides raw: SQLite with safe integers, PostgreSQL through a client with
 * node-postgres's default parsers, so a 64-bit value is compared as its digits. Values are
 * normalised by the PostgreSQL column's type only where the engines differ: SQLite's 0/1 is a
 * boolean, its integers are compared as decimal text, as pg reads bigint.
 */
import pg from 'pg';
import { expect } from 'vitest';
import type { Db } from '../connection.ts';
import * as s from '../schema.ts';
import { Database } from '../sqlite-driver.ts';

/** The application's tables in a SQLite file, from its catalog. */
export function sqliteTableNames(sqlite: Database): string[] {
  return (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != '__drizzle_migrations' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
}

const keyOf = (row: unknown[]) => JSON.stringify(row, (_k, v: unknown) => (typeof v === 'object' && v !== null && (v as { type?: string }).type === 'Buffer' ? `0x${Buffer.from((v as { data: number[] }).data).toString('hex')}` : v));

function normalise(value: unknown, pgType: string): unknown {
  if (value === null) return null;
  if (pgType === 'boolean') return value === 1n ? true : value === 0n ? false : value;
  if (pgType === 'bigint' && (typeof value === 'bigint' || typeof value === 'number')) return String(value);
  if (pgType === 'double precision' && typeof value === 'bigint') return Number(value);
  return value;
}

/**
 * Asserts that every table of the SQLite file holds the same rows in PostgreSQL, column by column;
 * returns the row count per table.
 */
export async function expectSameRows(sqliteFile: string, pgUrl: string): Promise<Record<string, number>> {
  const sqlite = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  sqlite.defaultSafeIntegers(true);
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const counts: Record<string, number> = {};
  try {
    for (const table of sqliteTableNames(sqlite)) {
      const columns = (sqlite.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name);
      const { rows: pgColumns } = await client.query<{ column_name: string; data_type: string }>(
        "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1",
        [table],
      );
      expect(pgColumns.map((c) => c.column_name).sort(), `the columns of ${table} in PostgreSQL`).toEqual([...columns].sort());
      const types = new Map(pgColumns.map((c) => [c.column_name, c.data_type]));
      const list = columns.map((c) => `"${c}"`).join(', ');
      const fromSqlite = (sqlite.prepare(`SELECT ${list} FROM "${table}"`).raw(true).all() as unknown[][]).map((row) => row.map((v, i) => normalise(v, types.get(columns[i]!)!)));
      const { rows: fromPg } = await client.query<unknown[]>({ text: `SELECT ${list} FROM "${table}"`, rowMode: 'array' });
      const sorted = (rows: unknown[][]) => rows.map((row) => [keyOf(row), row] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
      expect(sorted(fromPg), `the rows of ${table}`).toEqual(sorted(fromSqlite));
      counts[table] = fromSqlite.length;
    }
  } finally {
    await client.end();
    sqlite.close();
  }
  return counts;
}

/** A millisecond-precise instant and a second one, and the largest integer both engines read exactly. */
const AT = new Date(1_795_000_000_123);
const LATER = new Date(4_102_444_799_999);
const MAX = Number.MAX_SAFE_INTEGER;
const UNICODE = 'Ada “Lovelace” — 한국어 😀 e\u0301 \t\\ \'quoted\' \n second line';
/** Bytes that catch an encoding that stops at NUL or treats 0xff as a sign. */
const BYTES = Buffer.concat([Buffer.from([0x00, 0xff, 0x00, 0x80, 0x7f, 0xff]), Buffer.alloc(3300, 0xa5)]);

/**
 * Rows in every table of db/schema.ts through drizzle (the app's own mappings), with nulls, both
 * booleans, blobs of 0x00 and 0xff bytes, the empty blob, integers up to 2⁵³−1, times with
 * milliseconds and text in several scripts. A table added to the schema needs rows here: the copy's
 * test checks that each table holds some.
 */
export function fillEveryTable(db: Db): void {
  db.insert(s.users)
    .values([
      {
        id: 'u-full',
        email: 'ada@例え.jp',
        firstName: UNICODE,
        lastName: 'Lovelace',
        profileImageUrl: 'https://example.com/a.png',
        username: 'ada',
        passwordDigest: 'scrypt$15$8$1$c2FsdA==$aGFzaA==',
        googleId: 'g-123',
        emailVerifiedAt: AT,
        emailVerificationNonce: 'nonce',
        emailVerificationSentAt: AT,
        subscriptionTier: 'pro',
        apiUsageCount: MAX,
        apiUsageLimit: 0,
        overageCharges: -1,
        planExpiresAt: LATER,
        historyKeeps: 'text',
        totpSecret: 'sealed-totp',
        totpPending: 'sealed-pending',
        totpEnabledAt: AT,
        totpLastStep: MAX,
        createdAt: new Date(0),
        updatedAt: AT,
      },
      { id: 'u-min', email: 'min@example.com' },
      { id: 'u-gone', email: 'gone@example.com', deletedAt: AT },
    ])
    .run();
  db.insert(s.purchases)
    .values([
      { id: 7, userId: 'u-full', paypalOrderId: 'ORDER-1', paypalRequestId: 'req-1', planType: 'pro', planName: 'Pro', amount: 4900, status: 'completed', paypalCaptureId: 'CAP-1', usageLimit: 100_000, usageCount: 3, expiresAt: LATER, renewal: true, expiryNoticeAt: AT, completedAt: AT },
      { id: 8, userId: null, paypalOrderId: 'ORDER-2', planType: 'starter', planName: 'Starter', amount: 0, isActive: false },
    ])
    .run();
  db.insert(s.apiKeys)
    .values([
      { id: 2 ** 40, userId: 'u-full', keyName: UNICODE, keyValue: 'pk_full', secretDigest: 'd1', pendingSecret: 'sealed', previousSecretDigest: 'd0', previousSecretExpiresAt: AT, purchaseId: 7, allowedOperations: ['sign', 'verify'], expiresAt: LATER, usageCount: MAX, lastUsed: AT, lastUsedIp: '2001:db8::1' },
      { userId: 'u-min', keyName: 'k', keyValue: 'pk_min', secretDigest: 'd2', isActive: false },
    ])
    .run();
  db.insert(s.cryptoOperations)
    .values([
      { userId: 'u-full', channel: 'api', apiKey: 'pk_full', operationType: 'sign', algorithm: 'ML-DSA-65', message: UNICODE, signature: { scheme: 'ML-DSA-65', note: UNICODE }, publicKey: { encoded: null }, signatureBytes: BYTES, publicKeyBytes: Buffer.alloc(0), verified: true, metadata: { n: MAX }, signatureSize: 3309, generationTime: 0.1 + 0.2, verificationTime: 1e300, createdAt: AT },
      { userId: null, demoSessionId: 'demo-1', channel: 'demo', operationType: 'verify', algorithm: 'dilion', message: '', messageSha256: 'ab'.repeat(32), messageLength: 0, signature: {}, signingKeyId: 'sk-1', verified: false, signatureSize: 5e-324 },
      { userId: 'u-min', channel: 'api', operationType: 'prove', algorithm: 'zk-fidna', message: 'm', signature: [] },
    ])
    .run();
  db.insert(s.contactMessages)
    .values([{ name: UNICODE, email: 'c@example.com', subject: s.contactMessages.subject.enumValues[0], message: 'hello', status: 'answered', createdAt: AT }])
    .run();
  db.insert(s.planGrants)
    .values([
      { userId: 'u-full', tier: 'unlimited', expiresAt: LATER },
      { userId: 'u-min', tier: 'starter' },
    ])
    .run();
  db.insert(s.billingCharges)
    .values([
      { userId: 'u-full', purchaseId: 7, chargeType: 'plan', amount: 4900, description: 'Pro', paypalOrderId: 'ORDER-1', status: 'paid', paidAt: AT },
      { userId: 'u-full', chargeType: 'overage', amount: MAX, description: UNICODE, month: '2026-11' },
    ])
    .run();
  db.insert(s.spendingLimits)
    .values([
      { userId: 'u-full', monthlyCents: null, updatedAt: AT },
      { userId: 'u-min', monthlyCents: 0, updatedAt: LATER },
    ])
    .run();
  db.insert(s.spendingAlerts).values([{ userId: 'u-full', month: '2026-11', percent: 80, sentAt: AT }]).run();
  db.insert(s.receipts)
    .values([
      { number: 'R-000001', kind: 'receipt', userId: 'u-full', purchaseId: 7, issuedAt: AT, description: 'Pro, one month', amount: 4900, currency: 'USD', payerEmail: 'ada@例え.jp', payerName: UNICODE, paypalCaptureId: 'CAP-1', seller: { name: 'Seller', address: null, email: null, taxId: null } },
      { number: 'C-000001', kind: 'credit_note', userId: null, purchaseId: 7, creditedNumber: 'R-000001', issuedAt: LATER, description: 'refund', amount: 4900, currency: 'EUR', seller: { name: UNICODE, address: 'x', email: 'y', taxId: 'z' } },
    ])
    .run();
  db.insert(s.signingKeys)
    .values([
      { id: 'sk-1', userId: 'u-full', algorithm: 'ML-DSA-65', name: UNICODE, isDefault: true, sealedSeed: 'sealed', publicKey: 'cHVi', createdAt: AT },
      { id: 'sk-2', demoSessionId: 'demo-1', algorithm: 'QES2_Schnorr', name: 'demo', sealedSeed: 'sealed', publicKey: 'cHVi' },
      { id: 'sk-3', userId: 'u-full', algorithm: 'ML-KEM-768', name: 'gone', sealedSeed: null, publicKey: 'cHVi', primaryVersion: 2, state: 'destroyed', deletionAt: AT, rotationPeriodDays: 365, nextRotationAt: LATER },
    ])
    .run();
  db.insert(s.keyVersions)
    .values([
      { keyId: 'sk-1', version: 1, sealedSeed: 'sealed', publicKey: 'cHVi', createdAt: AT },
      { keyId: 'sk-3', version: 2, sealedSeed: null, publicKey: 'cHVi', state: 'destroyed' },
    ])
    .run();
  db.insert(s.keyImports)
    .values([
      { id: 'imp-1', userId: 'u-full', algorithm: 'ML-DSA-65', name: UNICODE, keyId: 'sk-1', sealedSecret: 'sealed', wrappingPublicKey: 'ZWs=', expiresAt: LATER, createdAt: AT },
      { id: 'imp-2', userId: 'u-full', algorithm: 'ML-KEM-768', sealedSecret: null, wrappingPublicKey: 'ZWs=', expiresAt: AT, usedAt: AT },
    ])
    .run();
  db.insert(s.sessions)
    .values([
      { sid: 'sid-1', data: JSON.stringify({ cookie: {}, userId: 'u-full', note: UNICODE }), expiresAt: MAX, userId: 'u-full' },
      { sid: 'sid-2', data: '{}', expiresAt: 0, userId: null },
    ])
    .run();
  db.insert(s.emailChanges).values([{ tokenDigest: 't1', userId: 'u-full', newEmail: 'new@例え.jp', expiresAt: LATER, usedAt: AT, createdAt: AT }]).run();
  db.insert(s.recoveryCodes)
    .values([
      { codeDigest: 'c1', userId: 'u-full', usedAt: AT },
      { codeDigest: 'c2', userId: 'u-full' },
    ])
    .run();
  db.insert(s.passwordResets).values([{ tokenDigest: 'r1', userId: 'u-min', expiresAt: LATER }]).run();
  db.insert(s.monthlyUsage)
    .values([
      { meter: 'user:u-full', month: '2026-11', calls: MAX },
      { meter: 'key:pk_full', month: '2026-10', calls: 0 },
    ])
    .run();
  db.insert(s.allowanceCredits).values([{ userId: 'u-full', month: '2026-11', calls: 100 }]).run();
  db.insert(s.idempotencyRecords)
    .values([
      { userId: 'u-full', key: 'idem-1', requestHash: 'h', state: 'done', responseStatus: 200, responseBody: JSON.stringify({ note: UNICODE }) },
      { userId: 'u-full', key: 'idem-2', requestHash: 'h2', state: 'pending' },
    ])
    .run();
  db.insert(s.serviceKeys)
    .values([
      { keyId: 'ab'.repeat(32), userId: 'u-full', sid: 'svc', publicKey: 'ZWs=', sealedSeed: 'sealed', isCurrent: false },
      { keyId: 'cd'.repeat(32), demoSessionId: 'demo-1', sid: 'svc', publicKey: 'ZWs=', sealedSeed: null },
    ])
    .run();
  db.insert(s.performanceTotals)
    .values([
      { algorithm: 'ML-DSA-65', operations: MAX, sizeSum: 1e300, sizeCount: 1, generationSum: 0.1 + 0.2, generationCount: 2, verificationSum: 5e-324, verificationCount: 3 },
      { algorithm: 'dilion' },
    ])
    .run();
  db.insert(s.auditEvents)
    .values([
      { userId: 'u-full', seq: 4, type: 'api_key.created', actorKind: 'account', createdAt: AT, clientAddress: '2001:db8::1', requestId: 'req-例', subject: 'pk_1', details: '{"name":"例"}', prevHash: 'a'.repeat(64), hash: 'b'.repeat(64) },
      { userId: 'u-min', seq: 1, type: 'auth.sign_in', actorKind: 'api_key', actorId: 'pk_2', createdAt: AT, details: '{}', prevHash: '0'.repeat(64), hash: 'c'.repeat(64) },
    ])
    .run();
  db.insert(s.auditAnchors).values([{ userId: 'u-full', seq: 3, hash: 'a'.repeat(64) }]).run();
}
