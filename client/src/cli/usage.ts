/**
 * `pq usage`: the account's calls against its plan, and with --daily its calls per day and
 * algorithm (docs/api.md §14.2). Needs a management key (docs/decisions/057-management-api-keys.md).
 */
import { parseCommand, UsageError } from './args.ts';
import type { Command } from './command.ts';
import { clientFor, EXIT, printFields, printJson, printTable } from './io.ts';

const cents = (n: number) => `$${(n / 100).toFixed(2)}`;

export const usage: Command = {
  name: 'usage',
  summary: 'Your calls against your plan, or per day with --daily (a management key).',
  usage: 'usage [--daily [--month YYYY-MM]]',
  help: `Reads GET /api/v1/usage: your plan, its calls used and allowed, and the overage owed. On Free
the 100 calls are in total; on a paid plan they are this calendar month's (UTC).

  --daily         your metered calls per UTC day and algorithm this month (GET /api/v1/usage/daily)
  --month M       with --daily: another month, YYYY-MM

The API key must name the manage operation (docs/api.md §13).`,
  async run(args, io) {
    const { values, positionals } = parseCommand('usage', args, { daily: { type: 'boolean' }, month: { type: 'string' } });
    if (positionals.length > 0) throw new UsageError(`usage takes flags only, not "${positionals[0]}"`, 'usage');
    if (values.month !== undefined && !values.daily) throw new UsageError('--month goes with --daily', 'usage');
    const pq = clientFor(values, io);
    if (values.daily) {
      const daily = await pq.account.dailyUsage(values.month);
      if (values.json) printJson(io, daily);
      else {
        printTable(io, ['date', 'algorithm', 'calls'], daily.days.map((d) => [d.date, d.algorithm, d.calls]), `no calls in ${daily.month}`);
        io.stdout.write(`total ${daily.total} in ${daily.month}\n`);
      }
      return EXIT.ok;
    }
    const summary = await pq.account.usage();
    if (values.json) printJson(io, summary);
    else {
      const free = summary.currentPlan === 'free';
      printFields(io, [
        ['plan', summary.currentPlan],
        ['calls', `${summary.apiCallsThisMonth} of ${summary.planLimit ?? 'unlimited'} ${free ? '(in total: Free’s calls do not renew)' : 'this month (UTC)'}`],
        ['overage', free ? undefined : `${cents(summary.overageCharges)} owed`],
      ]);
    }
    return EXIT.ok;
  },
};
