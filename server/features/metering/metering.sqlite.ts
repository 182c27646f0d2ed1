/**
 * Metering on SQLite (docs/decisions/050-one-storage-seam.md): the statements moved from
 * metering.service.ts. Each method does its work in the call and returns a settled promise, so
 * admit() reads the standing, decides and holds in one synchronous step: with one writer and one
 * process (db/server-lock.ts), no other admission can read between the two, and the holds in
 * memory (reservations.ts) make the count exact. Metering runs on every public call, so its
 * statements are raw SQL prepared once: drizzle's query building and row mapping here cost more
 * than SQLite's own work (docs/decisions/010).
 */
import type { Database } from '../../../db/sqlite-driver.ts';
import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from '../../../db/connection.ts';
import type { CommitSums } from '../operations/commit-sums.ts';
import { syncAccountPlan } from '../payments/account-plan.ts';
import type { AccountStanding, AccountUsage, AdmissionReads, AdmissionRule, MeterCharge, MeteringRepository, MeterTicket, PlanStanding } from './metering.repository.ts';
import { Reservations } from './reservations.ts';
import { spendingReader } from './spending-limits.sqlite.ts';

export class SqliteMeteringRepository implements MeteringRepository {
  onPlanExpired?: (userId: string, ended: PlanStanding, now: PlanStanding) => void;
  private readonly account;
  private readonly accountUsage;
  private readonly overdue;
  private readonly addLifetime;
  private readonly addMonthly;
  private readonly addPurchase;
  private readonly addKeyTotal;
  private readonly addOverage;
  private readonly addOverageToUser;
  private readonly reservations = new Reservations();
  private readonly reads: AdmissionReads;

  constructor(private readonly db: Db) {
    const sqlite: Database = db.$client;
    // The account, its calls this month and the month's allowance credit in one statement: both are
    // needed on every paid call.
    this.account = sqlite.prepare<[string, string, string, string, string], AccountStanding>(
      `SELECT subscription_tier AS tier, plan_expires_at AS expiresAt, api_usage_count AS used, api_usage_limit AS "limit",
         (SELECT calls FROM monthly_usage WHERE meter = ? AND month = ?) AS monthCalls,
         (SELECT calls FROM allowance_credits WHERE user_id = ? AND month = ?) AS credit
       FROM users WHERE id = ?`,
    );
    this.accountUsage = sqlite.prepare<[string, string, string, string, string], AccountUsage>(
      `SELECT subscription_tier AS tier, plan_expires_at AS expiresAt, api_usage_count AS used, api_usage_limit AS "limit",
         overage_charges AS overageCharges,
         (SELECT calls FROM monthly_usage WHERE meter = ? AND month = ?) AS monthCalls,
         (SELECT calls FROM allowance_credits WHERE user_id = ? AND month = ?) AS credit
       FROM users WHERE id = ?`,
    );
    this.overdue = sqlite.prepare<[string, string], { month: string }>(
      "SELECT month FROM billing_charges WHERE user_id = ? AND charge_type = 'overage' AND status = 'pending' AND amount > 0 AND month < ? LIMIT 1",
    );
    // Each adds a commit's sum for one counter (addCharge).
    this.addLifetime = sqlite.prepare<[number, string]>('UPDATE users SET api_usage_count = api_usage_count + ? WHERE id = ?');
    this.addMonthly = sqlite.prepare<[string, string, number]>(
      'INSERT INTO monthly_usage (meter, month, calls) VALUES (?, ?, ?) ON CONFLICT (meter, month) DO UPDATE SET calls = calls + excluded.calls',
    );
    this.addPurchase = sqlite.prepare<[number, number]>('UPDATE purchases SET usage_count = usage_count + ? WHERE id = ?');
    this.addKeyTotal = sqlite.prepare<[number, string]>('UPDATE api_keys SET usage_count = usage_count + ? WHERE key_value = ?');
    // One row per account and month (a unique partial index), its amount growing a cent per call.
    this.addOverage = sqlite.prepare<[string, number, string, string, number]>(
      `INSERT INTO billing_charges (user_id, charge_type, amount, description, status, month, created_at)
       VALUES (?, 'overage', ?, ?, 'pending', ?, ?)
       ON CONFLICT (user_id, month) WHERE charge_type = 'overage' DO UPDATE SET amount = amount + excluded.amount`,
    );
    this.addOverageToUser = sqlite.prepare<[number, string]>('UPDATE users SET overage_charges = overage_charges + ? WHERE id = ?');
    // Each read runs only when the rule asks for it: the spending reading only past the allowance.
    this.reads = {
      held: (counter) => this.reservations.count(counter),
      hasOverageBefore: (userId, month) => this.overdue.get(userId, month) !== undefined,
      spending: spendingReader(sqlite),
    };
  }

  // async: the body runs to its end in this call (there is no await in it), and a refusal becomes a rejection.
  async admit(userId: string, month: string, now: Date, rule: AdmissionRule): Promise<MeterTicket> {
    const ticket = rule(this.current(this.account, userId, month, now), this.reads);
    this.reservations.hold(ticket.held!);
    return ticket;
  }

  async usage(userId: string, month: string, now: Date): Promise<AccountUsage | undefined> {
    return this.current(this.accountUsage, userId, month, now);
  }

  /** The account as `read` gives it, after moving a plan that ran out at `now` back to what the account has left. */
  private current<T extends AccountStanding>(read: BetterSqlite3.Statement<[string, string, string, string, string], T>, userId: string, month: string, now: Date): T | undefined {
    const meter = `user:${userId}`;
    const standing = read.get(meter, month, userId, month, userId);
    if (!standing || standing.expiresAt === null || standing.expiresAt > now.getTime()) return standing;
    this.db.transaction((tx) => syncAccountPlan(tx, userId, now), { behavior: 'immediate' });
    const moved = read.get(meter, month, userId, month, userId)!;
    this.onPlanExpired?.(userId, { tier: standing.tier, expiresAt: standing.expiresAt }, { tier: moved.tier, expiresAt: moved.expiresAt });
    return moved;
  }

  async refund(ticket: MeterTicket): Promise<void> {
    this.release(ticket);
  }

  async heldCounters(): Promise<number> {
    return this.reservations.size;
  }

  /**
   * Adds a settled call to the sums of the commit that records it (OperationsRepository.commit,
   * inside its transaction): each counter is then written once per commit with the sum of its
   * calls (docs/decisions/032). The first charge of a commit to add to a counter is the one whose
   * write runs, so an overage row created by the commit carries its description and time.
   */
  addCharge(sums: CommitSums, charge: MeterCharge): void {
    const { userId, keyValue, meter, purchaseId, overageMonth } = charge.ticket;
    sums.add(`lifetime:${userId}`, 1, (n) => this.addLifetime.run(n, userId));
    if (meter) sums.add(`month:${meter.name}:${meter.month}`, 1, (n) => this.addMonthly.run(meter.name, meter.month, n));
    const keyMeter = `key:${keyValue}`;
    const keyMonth = charge.keyMonth;
    sums.add(`month:${keyMeter}:${keyMonth}`, 1, (n) => this.addMonthly.run(keyMeter, keyMonth, n));
    sums.add(`key:${keyValue}`, 1, (n) => this.addKeyTotal.run(n, keyValue));
    if (purchaseId !== null) sums.add(`purchase:${purchaseId}`, 1, (n) => this.addPurchase.run(n, purchaseId));
    if (overageMonth !== null) {
      const { overageDescription, settledAt } = charge;
      sums.add(`overage:${userId}:${overageMonth}`, charge.overageCents, (cents) => {
        this.addOverage.run(userId, cents, overageDescription, overageMonth, settledAt);
        this.addOverageToUser.run(cents, userId);
      });
    }
  }

  /** Frees the call's place: once its charge is in a commit, or when it is refunded. */
  release(ticket: MeterTicket): void {
    if (ticket.held === null) return;
    this.reservations.release(ticket.held);
    ticket.held = null;
  }
}
