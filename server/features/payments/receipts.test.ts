/**
 * Receipts and credit notes (docs/decisions/036): one for each completed payment, numbered without
 * gaps, readable as a PDF whose text a PDF reader (pdf.js) reads back; a refund gets a credit note;
 * payments from before receipts existed get theirs at start.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '../../../db/schema.ts';
import { drawable } from './receipt-pdf.ts';
import { buy, customer, startPaymentsApp, type Customer, type PaymentsApp } from './payments.test-support.ts';

let p: PaymentsApp;
beforeAll(async () => {
  p = await startPaymentsApp();
  p.app.context.paypalSandbox!.options.retryDelayMs = 5;
});
afterAll(() => p.close());

/** The text of every page of a PDF, as pdf.js reads it. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  // Text extraction needs no font files: verbosity 0 keeps pdf.js from warning that it has none.
  const doc = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    lines.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await doc.destroy();
  return lines.join('\n');
}

async function download(who: Customer, id: number) {
  const res = await who.agent.get(`/api/billing/receipts/${id}/pdf`).buffer(true).parse((r, done) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => done(null, Buffer.concat(chunks)));
  });
  return res;
}

describe('receipts', () => {
  it('issues one for a plan bought, as a PDF naming seller, payer, number, date, period and amount', async () => {
    const who = await customer(p);
    const { checkout } = await buy(p, who, 'starter');
    const list = (await who.agent.get('/api/billing/receipts')).body;
    expect(list).toHaveLength(1);
    const [receipt] = list;
    expect(receipt).toMatchObject({ kind: 'receipt', amount: 19_900, currency: 'USD', purchaseId: checkout.purchaseId, creditedNumber: null });
    expect(receipt.number).toMatch(/^R-\d{6}$/);
    expect(receipt.description).toMatch(/^Starter plan, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/);

    const res = await download(who, receipt.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${receipt.number}.pdf"`);
    const text = await pdfText(new Uint8Array(res.body as Buffer));
    for (const part of ['Receipt', `Number ${receipt.number}`, `Date ${receipt.issuedAt.slice(0, 10)}`, 'Seller', 'PQ Platform', 'Paid by', who.user.email, receipt.description, '199.00 USD', 'Total paid: 199.00 USD']) {
      expect(text, part).toContain(part);
    }
  });

  it('numbers receipts without gaps in the order payments complete, and calls a renewal a renewal', async () => {
    const who = await customer(p);
    await buy(p, who, 'starter');
    await buy(p, who, 'starter');
    const [renewal, first] = (await who.agent.get('/api/billing/receipts')).body;
    expect(Number(renewal.number.slice(2))).toBe(Number(first.number.slice(2)) + 1);
    expect(renewal.description).toMatch(/^Starter plan renewal, /);
    expect((await who.agent.get('/api/billing')).body.charges[0].description).toBe('Starter plan renewal, one month');
    const all = p.app.database.sqlite.prepare("SELECT number FROM receipts WHERE kind = 'receipt' ORDER BY id").all() as { number: string }[];
    expect(all.map((r) => r.number)).toEqual(all.map((_, i) => `R-${String(i + 1).padStart(6, '0')}`));
  });

  it('issues a credit note for a refund, which the PDF calls one and which points to its receipt', async () => {
    const who = await customer(p);
    const { checkout } = await buy(p, who, 'pro');
    const sandbox = p.app.context.paypalSandbox!;
    sandbox.refund(sandbox.orders.get(checkout.orderId)!.capture!);
    await sandbox.idle();
    const [note, receipt] = (await who.agent.get('/api/billing/receipts')).body;
    expect(note).toMatchObject({ kind: 'credit_note', amount: 79_900, creditedNumber: receipt.number, purchaseId: checkout.purchaseId });
    expect(note.number).toMatch(/^C-\d{6}$/);
    const text = await pdfText(new Uint8Array((await download(who, note.id)).body as Buffer));
    for (const part of ['Credit note', `Credits receipt ${receipt.number}`, 'Credited to', '-799.00 USD', 'returned to the payer']) expect(text, part).toContain(part);
  });

  it('shows nobody another account’s receipts, and answers a bad id with 400 and an unknown one with 404', async () => {
    const alice = await customer(p);
    const bob = await customer(p);
    await buy(p, alice);
    const [receipt] = (await alice.agent.get('/api/billing/receipts')).body;
    expect((await bob.agent.get('/api/billing/receipts')).body).toEqual([]);
    expect((await download(bob, receipt.id)).status).toBe(404);
    expect((await bob.agent.get('/api/billing/receipts/abc/pdf')).status).toBe(400);
    expect((await request(p.origin).get(`/api/billing/receipts/${receipt.id}/pdf`)).status).toBe(401);
  });

  it('issues receipts at start for payments completed before receipts existed, oldest first', async () => {
    const who = await customer(p);
    const db = p.app.database.db;
    const insert = (order: string, completedAt: Date, status = 'completed') =>
      db.insert(purchases).values({ userId: who.user.id, paypalOrderId: order, planType: 'starter', planName: 'Starter', amount: 19_900, status, completedAt, expiresAt: new Date(completedAt.getTime() + 30 * 86_400_000) }).returning().get();
    const later = insert(`OLD-B-${who.user.id}`, new Date('2026-03-02T00:00:00Z'), 'refunded');
    const earlier = insert(`OLD-A-${who.user.id}`, new Date('2026-03-01T00:00:00Z'));
    expect(await p.app.context.receipts.backfill()).toBe(2);
    expect(await p.app.context.receipts.backfill()).toBe(0);
    const list = (await who.agent.get('/api/billing/receipts')).body as { number: string; purchaseId: number; kind: string; issuedAt: string }[];
    const receiptOf = (id: number) => list.find((r) => r.purchaseId === id && r.kind === 'receipt')!;
    expect(receiptOf(earlier.id).number < receiptOf(later.id).number).toBe(true);
    expect(receiptOf(earlier.id).issuedAt).toBe('2026-03-01T00:00:00.000Z');
    expect(list.filter((r) => r.kind === 'credit_note').map((r) => r.purchaseId)).toEqual([later.id]);
  });

  it('writes a character Helvetica cannot draw as ?', () => {
    expect(drawable('Zoë Müller – €5 “ok”')).toBe('Zoë Müller – €5 “ok”');
    expect(drawable('김민준 <kim@example.com>')).toBe('??? <kim@example.com>');
  });
});
