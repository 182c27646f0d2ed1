/** GET /api/health: database reachable, migrations applied, engine loaded. 503 when any is not. */
import { z } from 'zod';
import { Health } from '../../contract/health.ts';
import type { AppContext } from '../../context.ts';

export function healthRoutes(ctx: AppContext): void {
  ctx.api.route(
    {
      method: 'get', path: '/api/health', tag: 'Service', auth: 'none', summary: 'Liveness and readiness',
      responses: { 200: { description: 'All parts work', schema: Health }, 503: { description: 'Some part does not', schema: Health } },
    },
    async ({ res }) => {
      let database = false;
      let migrations = false;
      try {
        database = await ctx.storage.health.ping();
        // Every migration this build ships is applied (readiness also refuses a database ahead of it).
        migrations = (await ctx.storage.health.appliedMigrations()) >= ctx.storage.health.bundledMigrations;
      } catch (error) {
        ctx.logger.warn({ err: error }, 'health check: database');
      }
      const engine = ctx.pool.isReady;
      const body: z.infer<typeof Health> = {
        status: database && migrations && engine ? 'ok' : 'degraded',
        database,
        migrations,
        engine,
        googleSignIn: ctx.config.google !== undefined,
        payments: ctx.config.payments.mode,
        mail: ctx.config.mail,
        uptimeSeconds: Math.round(process.uptime()),
      };
      res.status(body.status === 'ok' ? 200 : 503).json(body);
    },
  );
}
