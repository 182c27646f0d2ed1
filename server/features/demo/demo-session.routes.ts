/** POST /api/demo/session (docs/api.md §6): a browser's demo session, asked for before its first demo call. */
import type { AppContext } from '../../context.ts';
import { keepDemoSession } from './demo-session.ts';

export function demoSessionRoutes(ctx: AppContext): void {
  ctx.api.route(
    {
      method: 'post', path: '/api/demo/session', tag: 'Demo', auth: 'session',
      summary: 'Demo: start this browser’s demo session',
      description:
        'Sets the session cookie that keeps one demo key per algorithm and a history of the last 20 demo operations, for an hour after the last demo call. Without it, demo calls share one key and history per client address and hour.',
      // Not the demo calls' limit: starting a session is a cheap write, bounded like a read.
      before: [ctx.limits.reads],
      responses: { 204: { description: 'Started (or kept)' } },
    },
    ({ req, res }) => {
      keepDemoSession(req);
      res.status(204).end();
    },
  );
}
