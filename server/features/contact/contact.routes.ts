/** POST /api/contact (docs/product.md §5, §7; docs/api.md §15). */
import { ContactRequest, ContactResponse } from '../../contract/contact.ts';
import type { AppContext } from '../../context.ts';

export function contactRoutes(ctx: AppContext): void {
  ctx.api.route(
    {
      method: 'post', path: '/api/contact', tag: 'Contact', auth: 'none', body: ContactRequest,
      summary: 'Send a message to the team', before: [ctx.limits.auth],
      responses: { 201: { description: 'Stored (and mailed when SMTP is configured)', schema: ContactResponse } },
    },
    async ({ body }) => {
      const { row, mailed } = await ctx.contact.submit(body);
      return { id: row.id, status: 'pending' as const, mailed, createdAt: row.createdAt.toISOString() };
    },
  );
}
