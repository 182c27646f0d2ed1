/**
 * For the rotate-master-key tests on either engine: one value of every sealed kind
 * (sealed-values.ts SEALED_COLUMNS), made through the services that seal them, and a check that
 * the services open each again, so a rotation that missed a kind, or a format changed in a
 * service, fails there.
 */
import { Chacha20Poly1305 } from '@hpke/chacha20poly1305';
import { CipherSuite, HkdfSha256 } from '@hpke/core';
import { MlKem768 } from '@hpke/ml-kem';
import { expect } from 'vitest';
import { keyImportInfo } from '../../shared/key-lifecycle.ts';
import type pg from 'pg';
import type { AppDatabase } from '../../db/connection.ts';
import { numberedPlaceholders } from '../../db/storage.test-support.ts';
import type { AppInstance } from '../app.ts';
import { totpCode } from '../security/totp.ts';
import { signUp } from '../test-support.ts';

/** Portable SQL (`?` placeholders) on the app's database, for what no service makes: its rows, if any. */
export type Sql = (text: string, ...params: unknown[]) => Promise<Record<string, unknown>[]>;

export function sqlOnSqlite(database: AppDatabase): Sql {
  return (text, ...params) => {
    const statement = database.sqlite.prepare(text);
    return Promise.resolve(statement.reader ? (statement.all(...params) as Record<string, unknown>[]) : (statement.run(...params), []));
  };
}

export function sqlOnPostgres(pool: pg.Pool): Sql {
  return async (text, ...params) => (await pool.query(numberedPlaceholders(text), params)).rows as Record<string, unknown>[];
}

export type Sealed = Awaited<ReturnType<typeof sealEverything>>;

/**
 * Two accounts, signed in: the first with a signing key, a service key, a plan key from a purchase,
 * its sign-up key's secret not yet revealed, two-factor sign-in on and an idempotency record; the
 * second with two-factor sign-in being set up.
 */
export async function sealEverything(instance: AppInstance, sql: Sql) {
  const { context } = instance;
  const { user, agent, email } = await signUp(instance);
  const signingKey = await context.signingKeys.create({ userId: user.id }, 'ML-DSA-65', 'rotated');
  // A second version (key_versions holds both) and a key import waiting (docs/decisions/056).
  await context.keyLifecycle.rotate(user.id, signingKey.id);
  const versionSeeds = await versionSeedsOf(instance, user.id, signingKey.id);
  const keyImport = await context.keyImports.start(user.id, { algorithm: 'ML-DSA-65' });
  const serviceKey = await context.serviceKeys.currentOrCreate({ userId: user.id }, 'shop');
  const [purchase] = await sql(
    "INSERT INTO purchases (user_id, paypal_order_id, plan_type, plan_name, amount, status) VALUES (?, ?, 'starter', 'Starter', 900, 'completed') RETURNING id",
    user.id,
    `ORDER-${user.id}`,
  );
  const planKey = await context.apiKeys.createPendingKey({ userId: user.id, purchaseId: Number(purchase!.id), keyName: 'plan' });
  await sql("INSERT INTO idempotency_records (user_id, key, request_hash, state, created_at) VALUES (?, 'k1', 'h', 'pending', 0)", user.id);
  const apiKey = (await context.apiKeys.list(user.id)).find((k) => k.row.purchaseId === null);
  const totp = (await context.twoFactor.begin(user.id, email)).secret;
  await context.twoFactor.enable(user.id, totpCode(totp, Date.now()));
  const settingUp = await signUp(instance);
  const pendingTotp = (await context.twoFactor.begin(settingUp.user.id, settingUp.email)).secret;
  return {
    userId: user.id,
    agent,
    apiKeyId: apiKey!.row.id,
    planKey,
    signingKey,
    signingSeed: Buffer.from((await context.keyMaterials.forKey({ userId: user.id }, signingKey.id, { version: 1 })).seed()).toString('hex'),
    versionSeeds,
    keyImport,
    serviceKey,
    serviceSeed: Buffer.from(context.serviceKeys.seedOf(serviceKey)).toString('hex'),
    totp,
    settingUp: { userId: settingUp.user.id, totp: pendingTotp },
  };
}

/** Each version's seed of the key, hex, opened through the key-material lookup. */
async function versionSeedsOf(instance: AppInstance, userId: string, keyId: string): Promise<string[]> {
  const seeds: string[] = [];
  for (const version of [1, 2]) {
    const seed = (await instance.context.keyMaterials.forKey({ userId }, keyId, { version })).seed();
    seeds.push(Buffer.from(seed).toString('hex'));
  }
  return seeds;
}

/** A seed sealed to an import's wrapping key as a client would, with an independent HPKE (RFC 9180). */
async function wrapForImport(started: { importId: string; wrappingPublicKey: string }, seed: Uint8Array): Promise<{ enc: string; ciphertext: string }> {
  const suite = new CipherSuite({ kem: new MlKem768(), kdf: new HkdfSha256(), aead: new Chacha20Poly1305() });
  const buffer = (b: Uint8Array) => b.slice().buffer as ArrayBuffer;
  const recipientPublicKey = await suite.kem.importKey('raw', buffer(new Uint8Array(Buffer.from(started.wrappingPublicKey, 'base64'))), true);
  const { enc, ct } = await suite.seal({ recipientPublicKey, info: buffer(new TextEncoder().encode(keyImportInfo(started.importId))) }, buffer(seed));
  return { enc: Buffer.from(enc).toString('base64'), ciphertext: Buffer.from(ct).toString('base64') };
}

/** What sealEverything made, as a rotation reports it. */
export const SEALED_REPORT = '1 signing-key seeds, 2 key-version seeds, 1 key-import wrapping keys, 1 service-key seeds, 3 pending API-key secrets, 1 two-factor secrets, 1 two-factor secrets being set up';

/** Every sealed value of `sealed` opens through its service on `instance` (the app after a rotation), re-sealed. */
export async function expectServicesOpen(instance: AppInstance, sealed: Sealed): Promise<void> {
  const { context } = instance;
  const { key } = await context.keyLifecycle.get(sealed.userId, sealed.signingKey.id);
  expect(key.sealedSeed).not.toBe(sealed.signingKey.sealedSeed);
  expect(Buffer.from((await context.keyMaterials.forKey({ userId: sealed.userId }, key.id, { version: 1 })).seed()).toString('hex')).toBe(sealed.signingSeed);
  expect(await versionSeedsOf(instance, sealed.userId, sealed.signingKey.id)).toEqual(sealed.versionSeeds);
  const imported = await context.keyImports.complete(sealed.userId, sealed.keyImport.importId, await wrapForImport(sealed.keyImport, new Uint8Array(32).fill(7)));
  expect(imported.importedVersion).toBe(1);
  const serviceRow = (await context.serviceKeys.openable({ userId: sealed.userId }, sealed.serviceKey.keyId, 'shop'))!;
  expect(Buffer.from(context.serviceKeys.seedOf(serviceRow)).toString('hex')).toBe(sealed.serviceSeed);
  expect((await context.apiKeys.revealSecret(sealed.userId, sealed.apiKeyId)).secret).toMatch(/^sk_/);
  expect((await context.apiKeys.revealSecret(sealed.userId, sealed.planKey.row.id)).secret).toBe(sealed.planKey.secret);
  // The next step's code: the step two-factor was turned on with is used up.
  expect(await context.twoFactor.verify(sealed.userId, totpCode(sealed.totp, Date.now() + 30_000))).toBe('app');
  expect(await context.twoFactor.enable(sealed.settingUp.userId, totpCode(sealed.settingUp.totp, Date.now()))).toHaveLength(10);
}
