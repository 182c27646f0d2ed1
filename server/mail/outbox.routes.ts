/**
 * /outbox (docs/decisions/037): the mail a server with no SMTP kept, for the person at this machine:
 * newest first, each with its links clickable, so a verification or password-reset link can be
 * opened from here. Served only on a server nobody else can reach, only to this machine, never
 * through a proxy; plain HTML with no script, under the app's Content-Security-Policy.
 */
import express, { type Express } from 'express';
import { localOnly } from '../http/local-only.ts';
import type { KeptMail, Outbox } from './outbox.ts';

export const OUTBOX_PATH = '/outbox';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The text, escaped, with http(s) addresses made links. */
function linked(text: string): string {
  return escape(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function page(mails: KeptMail[], dir: string): string {
  const items = mails.length
    ? mails
        .map(
          (m) => `<article><h2>${escape(m.subject)}</h2><p class="meta">To ${escape(m.to)} · ${escape(m.date)}</p><pre>${linked(m.text)}</pre></article>`,
        )
        .join('\n')
    : '<p>No mail yet.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · PQ Platform</title><style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 760px; padding: 24px; color: #1c2430; }
.note { background: #fff7e6; border-radius: 8px; padding: 10px 14px; font-size: 14px; }
article { border: 1px solid #e3e7f1; border-radius: 10px; padding: 12px 16px; margin: 14px 0; }
h2 { font-size: 17px; margin: 0 0 4px; } .meta { color: #5b6675; font-size: 13px; margin: 0 0 8px; }
pre { white-space: pre-wrap; word-break: break-word; font-size: 14px; margin: 0; }
</style></head><body><h1>Outbox</h1>
<p class="note" role="note">This server has no SMTP, so the mail it would send is kept here (and in ${escape(dir)}), for this machine only. Set SMTP_URL to send it.</p>
${items}</body></html>`;
}

/** Mounted as a router of its own: a page for this machine, not an API operation (so not in the OpenAPI document). */
export function outboxRoutes(app: Express, outbox: Outbox): void {
  const router = express.Router();
  router.use(localOnly((_req, res) => void res.status(403).type('text/plain').send('The outbox is shown only on the machine the server runs on, never through a proxy.')));
  router.get('/', (_req, res) => void res.type('html').setHeader('Cache-Control', 'no-store').send(page(outbox.list(), outbox.dir)));
  app.use(OUTBOX_PATH, router);
}
