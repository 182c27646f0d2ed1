/** POST /api/contact (docs/product.md §5, §7; docs/api.md §15). */
import { ContactRequest, ContactResponse } from '../../contract/contact.ts';
import type { AppContext } from '../../context.ts';

export function contactRoutes(ctx: AppContext): void {
  ctx.api.route(
    {
      method: 'post', path: '/api/contact', tag: 'Contact', auth: 'none', body: ContactRequest,
      summary: 'Send a message to the team', before: [ctx.limits.auth, ctx.limits.contact],
      description: 'At most 5 messages per client address a day. A message mailed to the team is not kept; one that could not be mailed is kept 90 days for the operator (docs/product.md §11).',
      responses: { 201: { description: 'Stored (and mailed when SMTP is configured)', schema: ContactResponse } },
    },
    async ({ body }) => {
      const { row, mailed } = await ctx.contact.submit(body);
      return { id: row.id, status: 'pending' as const, mailed, createdAt: row.createdAt.toISOString() };
    },
  );
}
