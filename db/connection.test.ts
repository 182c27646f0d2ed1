import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsApplied, openDatabase } from './connection.ts';
import { pricingPlans, users, apiKeys } from './schema.ts';
import { temporaryDatabases } from './temporary-database.ts';

const openTemporary = temporaryDatabases('pq-db-');
const open = () => openTemporary(join('nested', 'app.db'));

describe('openDatabase', () => {
  it('keeps the data to its owner: a folder it makes is 0700, the database and its WAL 0600', () => {
    const database = open();
    database.db.insert(users).values({ id: 'mode-check', email: 'mode@example.com' }).run();
    const file = database.sqlite.name;
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
  });

  it('creates the file in WAL mode with foreign keys enforced', () => {
    const { sqlite } = open();
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('applies every committed migration', () => {
    const { sqlite } = open();
    expect(migrationsApplied(sqlite)).toBe(true);
    const tables = sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((r) => (r as { name: string }).name);
    for (const t of ['users', 'api_keys', 'crypto_operations', 'contact_messages', 'pricing_plans',
      'purchases', 'plan_grants', 'allowance_credits', 'billing_charges', 'signing_keys', 'sessions']) {
      expect(tables).toContain(t);
    }
    // Plan keys are API keys issued with a purchase since migration 0010.
    expect(tables).not.toContain('plan_api_keys');
  });

  it('seeds the four plans in cents, and reopening neither duplicates nor fails', () => {
    const first = open();
    const file = first.sqlite.name;
    first.close();
    const again = openDatabase(file);
    const plans = again.db.select().from(pricingPlans).all();
    again.close();
    const byId = Object.fromEntries(plans.map((p) => [p.id, [p.price, p.usageLimit]]));
    expect(plans).toHaveLength(4);
    expect(byId).toEqual({
      free: [0, 100],
      starter: [19_900, 10_000],
      pro: [79_900, 100_000],
      enterprise: [null, null],
    });
  });

  it('refuses a key whose owner does not exist', () => {
    const { db } = open();
    expect(() =>
      db.insert(apiKeys).values({ userId: 'nobody', keyName: 'k', keyValue: 'pk_x', secretDigest: 'd' }).run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it('fills user defaults: free tier, 100-call limit, zero usage and charges', () => {
    const { db } = open();
    const [user] = db.insert(users).values({ id: 'u1', email: 'a@example.com' }).returning().all();
    expect(user).toMatchObject({ subscriptionTier: 'free', apiUsageLimit: 100, apiUsageCount: 0, overageCharges: 0 });
    expect(user!.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(user!.createdAt.getTime() - Date.now())).toBeLessThan(5_000);
  });
});
