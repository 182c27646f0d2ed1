/**
 * GET /api/v1/health/live and /api/v1/health/ready, a load balancer's or an orchestrator's probes
 * (docs/api.md §10, docs/decisions/063-liveness-readiness-and-drain.md). No auth, no rate limit (a
 * probe refused for its rate would look like a failure), no metering. /api/health keeps its own
 * meaning: a report for people, 503 when a part is degraded.
 */
import { Liveness, Readiness } from '../../contract/health.ts';
import type { AppContext } from '../../context.ts';
import { answeredUnavailableByDesign } from '../../http/request-log.ts';
import { errorResponses } from '../../http/route.ts';
import type { ReadinessPart } from '../../observability/readiness.ts';
import { checkReadiness, type ReadinessChecks } from './readiness.check.ts';

export const LIVE_PATH = '/api/v1/health/live';
export const READY_PATH = '/api/v1/health/ready';

const WHY: Record<ReadinessPart, string> = {
  starting: 'the server is starting',
  draining: 'the server is shutting down',
  database: 'the database cannot be read',
  engine: 'no engine worker is up',
  migrations: 'the database’s migrations are not the ones this build ships',
};

/** The 503's body (docs/api.md §2.3): which parts are not ready, and the checks when they ran. */
export function notReadyBody(parts: readonly ReadinessPart[], requestId: string, checks?: ReadinessChecks) {
  return {
    message: `Not ready: ${parts.map((p) => WHY[p]).join('; ')}. Send requests to another instance, or retry shortly.`,
    code: 'not_ready',
    details: { notReady: parts, ...(checks ? { checks } : {}) },
    requestId,
  };
}

/**
 * Runs the checks and records their outcome in ctx.readiness, so `ready` and its listeners follow;
 * the route calls it on each probe, and so may anything else that wants a fresh answer.
 */
export async function recheckReadiness(ctx: Pick<AppContext, 'storage' | 'pool' | 'logger' | 'readiness'>): Promise<ReadinessChecks> {
  const { checks, failing } = await checkReadiness(ctx.storage.health, ctx.pool, ctx.logger);
  ctx.readiness.checked(failing);
  return checks;
}

export function probeRoutes(ctx: AppContext): void {
  ctx.api.route(
    {
      method: 'get', path: LIVE_PATH, tag: 'Service', auth: 'none', summary: 'Liveness: the process answers',
      description: '200 whenever the process answers, from the moment it listens until it stops, starting and draining included.',
      responses: { 200: { description: 'The process answers', schema: Liveness } },
    },
    () => ({ status: 'live' as const }),
  );

  ctx.api.route(
    {
      method: 'get', path: READY_PATH, tag: 'Service', auth: 'none', summary: 'Readiness: send this instance traffic',
      description:
        'Ready when the database answers a read, an engine worker is up and the migrations are the ones this build ships. 503 not_ready names the parts that are not (starting, database, engine, migrations, draining) in details.notReady.',
      responses: {
        200: { description: 'Ready', schema: Readiness },
        ...errorResponses({ 503: 'not_ready: details.notReady names the parts (starting, database, engine, migrations, draining)' }),
      },
    },
    async ({ req, res }) => {
      const { readiness } = ctx;
      if (readiness.phase !== 'serving') {
        answeredUnavailableByDesign(res);
        res.status(503).json(notReadyBody(readiness.notReady, req.id));
        return undefined;
      }
      const checks = await recheckReadiness(ctx);
      // Draining may have begun while the database answered: that wins, and the checks no longer matter.
      if (!readiness.ready) {
        answeredUnavailableByDesign(res);
        res.status(503).json(notReadyBody(readiness.notReady, req.id, readiness.phase === 'serving' ? checks : undefined));
        return undefined;
      }
      return { status: 'ready' as const, checks };
    },
  );
}
