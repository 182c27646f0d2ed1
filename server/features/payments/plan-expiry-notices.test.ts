/**
 * Plan-end notices (docs/decisions/036) over every storage engine (docs/decisions/050-one-storage-seam.md):
 * each instance runs the passes, so passes running at once over the same due plans must mail each
 * notice once, and a mail that fails must be tried again by a later pass.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addAccount, storageEngines, type EngineUnderTest } from '../../../db/storage.test-support.ts';
import { createLogger } from '../../logger.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import { PlanExpiryNotices } from './plan-expiry-notices.ts';
import { accountPlansOn, addPurchase, NOW } from './payments.repository.test-support.ts';

const engines = storageEngines();
const DAY = 86_400_000;
const logger = createLogger('silent');

/** A mail server that takes a few milliseconds per mail (so passes at once overlap) and refuses the addresses in `refusing`. */
function slowMailer(refusing = new Set<string>()) {
  const sent: string[] = [];
  const mailer = {
    configured: true,
    send: async (mail: Mail) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (refusing.has(mail.to)) throw Object.assign(new Error('refused'), { code: 'EENVELOPE' });
      sent.push(mail.to);
      return {};
    },
  } as unknown as Mailer;
  return { sent, mailer };
}

const started: PlanExpiryNotices[] = [];
afterEach(() => {
  for (const notices of started.splice(0)) notices.close();
});

/** One instance's notices: its own repository on the shared database, its own timer. */
function noticesOn(opened: EngineUnderTest, mailer: Mailer): PlanExpiryNotices {
  const notices = new PlanExpiryNotices(accountPlansOn(opened), mailer, 'https://pq.example', logger, () => NOW);
  started.push(notices);
  return notices;
}

/** `n` accounts, each with a plan purchase ending in three days; their emails. */
async function plansEndingSoon(opened: EngineUnderTest, n: number): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < n; i++) {
    const userId = `u${i}`;
    await addAccount(opened, userId, { tier: 'starter', planExpiresAt: NOW.getTime() + 3 * DAY });
    await addPurchase(opened, { userId, orderId: `ORDER-${i}`, status: 'completed', expiresAt: NOW.getTime() + 3 * DAY });
    emails.push(`${userId}@example.com`);
  }
  return emails;
}

describe.each(engines)('PlanExpiryNotices on $name', (engine) => {
  it('mails each of 12 due notices once when two instances’ passes run at once', async () => {
    const opened = await engine.open();
    const emails = await plansEndingSoon(opened, 12);
    const { sent, mailer } = slowMailer();
    const [a, b] = [noticesOn(opened, mailer), noticesOn(opened, mailer)];
    const [byA, byB] = await Promise.all([a.run(), b.run()]);
    expect(byA + byB).toBe(12);
    expect([...sent].sort()).toEqual([...emails].sort());
    expect(await Promise.all([a.run(), b.run()])).toEqual([0, 0]);
    expect(sent).toHaveLength(12);
  });

  it('gives back the claim of a mail that failed, so that the next pass sends it', async () => {
    const opened = await engine.open();
    const [first, second] = await plansEndingSoon(opened, 2);
    const refusing = new Set([first!]);
    const { sent, mailer } = slowMailer(refusing);
    const notices = noticesOn(opened, mailer);
    expect(await notices.run()).toBe(1);
    expect(sent).toEqual([second]);
    refusing.clear();
    expect(await notices.run()).toBe(1);
    expect(sent).toEqual([second, first]);
    expect(await notices.run()).toBe(0);
  });
});
