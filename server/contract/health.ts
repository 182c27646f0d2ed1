/** GET /api/health (docs/api.md §10). */
import { z } from 'zod';
import { PaymentsMode } from './payments.ts';

export const Health = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.boolean().meta({ description: 'SQLite answers a query' }),
    migrations: z.boolean().meta({ description: 'Every committed migration is applied' }),
    engine: z.boolean().meta({ description: 'At least one engine worker has loaded the wasm' }),
    googleSignIn: z
      .boolean()
      .meta({ description: 'Google sign-in is configured; when false /api/auth/google answers 503 (the login page disables its button)' }),
    payments: PaymentsMode,
    mail: z.enum(['smtp', 'outbox', 'none']).meta({ description: 'How the server sends mail: SMTP, its outbox (no SMTP, a server nobody else reaches), or not at all' }),
    uptimeSeconds: z.number(),
  })
  .meta({ id: 'Health' });

/** GET /api/v1/health/live (docs/api.md §10). */
export const Liveness = z.object({ status: z.literal('live') }).meta({ id: 'Liveness' });

export const ReadinessChecks = z
  .object({
    database: z.enum(['ok', 'unreadable']).meta({ description: 'A read of the database answered within 2 s' }),
    engine: z.enum(['ok', 'down']).meta({ description: 'At least one engine worker is alive and has loaded the engine' }),
    migrations: z
      .enum(['ok', 'behind', 'ahead', 'unknown'])
      .meta({ description: 'The applied migrations against the ones this build ships; unknown when the database could not be read' }),
  })
  .meta({ id: 'ReadinessChecks' });

/** GET /api/v1/health/ready when ready (docs/api.md §10); otherwise 503 not_ready. */
export const Readiness = z.object({ status: z.literal('ready'), checks: ReadinessChecks }).meta({ id: 'Readiness' });
