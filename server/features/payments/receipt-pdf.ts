/**
 * A receipt or credit note as a one-page A4 PDF (pdf-lib; docs/decisions/036): the seller and the
 * payer as the receipt recorded them, its number and date, what was paid for and the amount. The
 * standard Helvetica font covers Windows-1252 only, so any other character is written as '?'
 * (names in other scripts would need an embedded font).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ReceiptRow } from './receipts.ts';

const A4 = [595.28, 841.89] as const;
const MARGIN = 56;
const GREY = rgb(0.36, 0.4, 0.46);

/** Characters Helvetica (WinAnsi) can draw; the rest become '?'. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export function drawable(text: string): string {
  return [...text].map((c) => (c.charCodeAt(0) < 0x100 && c !== '\x7f' && c.charCodeAt(0) >= 0x20) || WIN_ANSI_EXTRA.includes(c) || c === '\n' ? c : '?').join('');
}

const money = (cents: number, currency: string) => `${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
const day = (date: Date) => date.toISOString().slice(0, 10);

export async function receiptPdf(receipt: ReceiptRow): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = receipt.kind === 'receipt' ? 'Receipt' : 'Credit note';
  pdf.setTitle(`${title} ${receipt.number}`);
  pdf.setAuthor(drawable(receipt.seller.name));
  pdf.setCreationDate(receipt.issuedAt);
  pdf.setModificationDate(receipt.issuedAt);
  const page = pdf.addPage([...A4]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = A4[1] - MARGIN;
  const line = (text: string, { font = regular, size = 10, color = rgb(0.11, 0.14, 0.19), x = MARGIN, gap = 4 }: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; x?: number; gap?: number } = {}) => {
    for (const part of drawable(text).split('\n')) {
      y -= size;
      page.drawText(part, { x, y, size, font, color });
      y -= gap;
    }
  };

  line(title, { font: bold, size: 22, gap: 10 });
  line(`Number ${receipt.number}`, { font: bold, size: 11 });
  line(`Date ${day(receipt.issuedAt)}`);
  if (receipt.creditedNumber) line(`Credits receipt ${receipt.creditedNumber}`);
  y -= 16;

  const top = y;
  line('Seller', { font: bold, color: GREY });
  line(receipt.seller.name);
  if (receipt.seller.address) line(receipt.seller.address);
  if (receipt.seller.email) line(receipt.seller.email);
  if (receipt.seller.taxId) line(`Tax id ${receipt.seller.taxId}`);
  const sellerBottom = y;
  y = top;
  const right = A4[0] / 2 + 10;
  line(receipt.kind === 'receipt' ? 'Paid by' : 'Credited to', { font: bold, color: GREY, x: right });
  if (receipt.payerName) line(receipt.payerName, { x: right });
  line(receipt.payerEmail ?? '(account deleted)', { x: right });
  y = Math.min(y, sellerBottom) - 24;

  rule(page, y + 8);
  line('Description', { font: bold, color: GREY });
  y += 14;
  line('Amount', { font: bold, color: GREY, x: A4[0] - MARGIN - 90 });
  rule(page, y);
  y -= 6;
  const amount = money(receipt.amount, receipt.currency);
  const rowTop = y;
  line(receipt.description, { size: 10 });
  const rowBottom = y;
  y = rowTop;
  line(receipt.kind === 'receipt' ? amount : `-${amount}`, { x: A4[0] - MARGIN - 90 });
  y = Math.min(y, rowBottom) - 6;
  rule(page, y);
  y -= 6;
  line(`Total ${receipt.kind === 'receipt' ? 'paid' : 'credited'}: ${receipt.kind === 'receipt' ? amount : `-${amount}`}`, { font: bold, size: 12, x: A4[0] - MARGIN - 200 });
  y -= 24;
  if (receipt.paypalCaptureId) line(`Paid through PayPal, transaction ${receipt.paypalCaptureId}.`, { color: GREY, size: 9 });
  line(receipt.kind === 'receipt' ? 'This receipt confirms a payment already made; nothing is due.' : 'The amount above was returned to the payer.', { color: GREY, size: 9 });
  return pdf.save({ useObjectStreams: false });
}

function rule(page: PDFPage, y: number): void {
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.5, color: rgb(0.8, 0.82, 0.86) });
}
