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
