/**
 * The local sandbox's approval page: what PayPal's checkout window is in PAYPAL_MODE=local. It says
 * plainly that it is a local sandbox where no money moves, shows the order, and offers Approve
 * (instant funding), Approve with a pending capture (an eCheck that clears later) and Cancel. Plain
 * HTML forms, no script, so it runs under the app's Content-Security-Policy.
 */
import type { SandboxOrder } from './sandbox.ts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f5f7fa; color: #1c2430; }
  .banner { background: #ffcc00; color: #1c2430; padding: 12px 20px; font-weight: 700; text-align: center; }
  main { max-width: 460px; margin: 28px auto; background: #fff; border-radius: 12px; padding: 24px 28px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 20px; margin: 0 0 4px; } .muted { color: #5b6675; font-size: 14px; }
  .amount { font-size: 34px; font-weight: 700; margin: 16px 0 4px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 14px; font-size: 14px; margin: 16px 0; } dt { color: #5b6675; }
  button { width: 100%; padding: 12px; border-radius: 24px; border: 0; font-size: 16px; font-weight: 600; cursor: pointer; margin-top: 10px; }
  .approve { background: #0070ba; color: #fff; } .pending { background: #e8eef5; color: #1c2430; } .cancel { background: transparent; color: #0070ba; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body>
<div class="banner" role="note">Local PayPal sandbox: no money moves, no PayPal account is used.</div>
<main>${body}</main></body></html>`;
}

export function approvalPage(order: SandboxOrder): string {
  const { amount, description } = order.unit;
  const token = escape(order.id);
  if (order.status !== 'PAYER_ACTION_REQUIRED') {
    return layout('Order already handled', `<h1>This order is ${escape(order.status.toLowerCase())}</h1>
<p class="muted">Order ${token} no longer waits for approval. You can close this window.</p>`);
  }
  return layout('Approve your payment (local sandbox)', `
<h1>${escape(order.brandName ?? 'Merchant')}</h1>
<div class="muted">${escape(description ?? 'Payment')}</div>
<div class="amount" data-testid="sandbox-amount">$${escape(amount.value)} <span class="muted">${escape(amount.currency_code)}</span></div>
<dl><dt>Order</dt><dd data-testid="sandbox-order">${token}</dd><dt>Paying as</dt><dd>buyer@local.sandbox (sandbox buyer)</dd></dl>
<form method="post" action="/paypal-sandbox/checkoutnow/approve">
  <input type="hidden" name="token" value="${token}">
  <button class="approve" type="submit" name="funding" value="instant">Approve</button>
  <button class="pending" type="submit" name="funding" value="pending">Approve with eCheck (capture pending)</button>
</form>
<form method="post" action="/paypal-sandbox/checkoutnow/cancel">
  <input type="hidden" name="token" value="${token}">
  <button class="cancel" type="submit">Cancel and return to the merchant</button>
</form>`);
}

export function messagePage(title: string, text: string): string {
  return layout(title, `<h1>${escape(title)}</h1><p class="muted">${escape(text)}</p>`);
}
