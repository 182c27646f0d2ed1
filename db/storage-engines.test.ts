/**
 * The engines the contract suites run on (db/storage.test-support.ts): each opens a fresh, migrated
 * database and runs the same portable SQL, `?` placeholders included.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, numberedPlaceholders, storageEngines } from './storage.test-support.ts';

const engines = storageEngines();

describe.each(engines)('the $name test engine', (engine) => {
  it('opens an empty migrated database each time and reads back what portable SQL wrote', async () => {
    const first = await engine.open();
    await addAccount(first, 'u1', { tier: 'pro', used: 3 });
    expect(await first.one('SELECT subscription_tier AS tier, api_usage_count AS used FROM users WHERE id = ?', 'u1')).toEqual({ tier: 'pro', used: 3 });
    const second = await engine.open();
    expect(await second.one<{ n: number }>('SELECT count(*) AS n FROM users')).toEqual({ n: 0 });
  });
});

describe('numberedPlaceholders', () => {
  it('numbers each ? in order', () => {
    expect(numberedPlaceholders('UPDATE t SET a = ? WHERE b = ? AND c = ?')).toBe('UPDATE t SET a = $1 WHERE b = $2 AND c = $3');
  });
});
