/**
 * The spending limit's rule and alerts (docs/decisions/036) on every storage engine: the limit an
 * account's reading gives, the refusal past it, and the alerts after admission, mailed once per
 * threshold however many calls reach it at once, without ever failing the call. The HTTP stories
 * are server/features/payments/spending-limits.test.ts; metering's admission past the limit across
 * instances is metering.postgres.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { addAccount, storageEngines, storageOn } from '../../../db/storage.test-support.ts';
import { Mailer, type Delivery, type Mail } from '../../mail/mailer.ts';
import { capturedLog } from '../../test-support.ts';
import type { SpendingLimitsRepository } from './spending-limits.repository.ts';
import { limitFrom, SpendingLimits } from './spending-limits.ts';

const engines = storageEngines();
const NOW = new Date('2026-03-15T12:00:00Z');
const MONTH = '2026-03';

/** A mailer that keeps what it is given (or fails each send). */
class KeptMail extends Mailer {
  readonly sent: Mail[] = [];
  constructor(private readonly fails = false) {
    super(undefined);
  }
  override get configured(): boolean {
    return true;
  }
  override async send(mail: Mail): Promise<Delivery> {
    if (this.fails) throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    this.sent.push(mail);
    return 'sent';
  }
}

const silent = () => capturedLog('silent').logger;

/** For the rule alone, which reads no storage. */
const storageLess: SpendingLimitsRepository = {
  limitReading: () => Promise.reject(new Error('not read')),
  setLimit: () => Promise.reject(new Error('not written')),
  markAlerted: () => Promise.reject(new Error('not written')),
  emailOf: () => Promise.reject(new Error('not read')),
};

describe('the limit an account’s reading gives', () => {
  it('is the plan’s price by default, none once overage was paid, and the owner’s own whatever was paid', () => {
    expect(limitFrom({ own: undefined, hasPaidOverage: false }, 'starter')).toEqual({ cents: 19_900, source: 'default' });
    expect(limitFrom({ own: undefined, hasPaidOverage: true }, 'starter')).toEqual({ cents: null, source: 'none' });
    expect(limitFrom({ own: { cents: 0 }, hasPaidOverage: true }, 'pro')).toEqual({ cents: 0, source: 'set' });
    expect(limitFrom({ own: { cents: null }, hasPaidOverage: false }, 'pro')).toEqual({ cents: null, source: 'none' });
  });

  it('admits overage up to the limit, returning it, and refuses past it with 429 spending_limit_reached saying how to raise it', () => {
    const spending = new SpendingLimits(storageLess, new KeptMail(), silent(), () => NOW);
    expect(spending.check({ own: { cents: 10 }, hasPaidOverage: false }, 'starter', 10)).toBe(10);
    expect(spending.check({ own: { cents: null }, hasPaidOverage: false }, 'starter', 1_000_000)).toBeNull();
    expect(() => spending.check({ own: { cents: 10 }, hasPaidOverage: false }, 'starter', 11)).toThrow(
      expect.objectContaining({ status: 429, code: 'spending_limit_reached', message: expect.stringMatching(/spending limit of \$0\.10: raise or remove the limit on the Billing tab/) }),
    );
  });
});

describe.each(engines)('spending limits on $name', (engine) => {
  it('reads and sets an account’s limit', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    const spending = new SpendingLimits(storageOn(opened).spendingLimits, new KeptMail(), silent(), () => NOW);
    expect(await spending.limitOf('u1', 'pro')).toEqual({ cents: 79_900, source: 'default' });
    await spending.set('u1', 1_000);
    expect(await spending.limitOf('u1', 'pro')).toEqual({ cents: 1_000, source: 'set' });
  });

  it('mails the owner once at 80 % and once at 100 % when 20 admitted calls reach both at once, and not below 80 %', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    const mailer = new KeptMail();
    const spending = new SpendingLimits(storageOn(opened).spendingLimits, mailer, silent(), () => NOW);
    await spending.alert({ userId: 'u1', month: MONTH, limitCents: 100, overageCents: 79 });
    expect(mailer.sent).toEqual([]);
    await Promise.all(Array.from({ length: 20 }, () => spending.alert({ userId: 'u1', month: MONTH, limitCents: 100, overageCents: 100 })));
    expect(mailer.sent.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['u1@example.com', 'Your overage is at 80 % of your spending limit'],
      ['u1@example.com', 'Your spending limit is reached'],
    ]);
    expect(mailer.sent.find((m) => m.subject.includes('80 %'))!.text).toContain('$1.00, 80 % of your spending limit of $1.00');
  });

  it('never rejects: a mail that cannot be sent and an alert that cannot be recorded are logged', async () => {
    const opened = await engine.open();
    await addAccount(opened, 'u1');
    const log = capturedLog('warn');
    await new SpendingLimits(storageOn(opened).spendingLimits, new KeptMail(true), log.logger, () => NOW).alert({ userId: 'u1', month: MONTH, limitCents: 100, overageCents: 80 });
    await new SpendingLimits(storageOn(opened).spendingLimits, new KeptMail(), log.logger, () => NOW).alert({ userId: 'nobody', month: MONTH, limitCents: 100, overageCents: 80 });
    expect(log.lines.map((line) => JSON.parse(line).msg)).toEqual(['spending-limit mail not sent', 'spending-limit alert not recorded']);
  });
});
