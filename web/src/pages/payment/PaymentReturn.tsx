/**
 * /payment/return: where PayPal's window lands after the server captured (or the payer cancelled)
 * (docs/product.md §2.10). It tells the page that opened it (postMessage to the opener, or the
 * payments BroadcastChannel when the opener link was cut) and closes; opened without a popup, it
 * goes to the dashboard's Billing tab with the same query, which shows the toast.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { dashboardAddress, PAYMENT_CHANNEL, paymentFromQuery } from '../../lib/checkout.ts';
import { paymentToast } from '../dashboard/paymentToasts.ts';

const CLOSE_GRACE_MS = 500;

export default function PaymentReturn() {
  const { t } = useTranslation('account');
  const search = useSearch();
  const [, navigate] = useLocation();
  const [closing, setClosing] = useState(false);
  const message = paymentFromQuery(search);

  useEffect(() => {
    if (!message) return;
    const opener = window.opener as Window | null;
    let told = false;
    try {
      if (opener && !opener.closed) {
        opener.postMessage(message, window.location.origin);
        told = true;
      }
    } catch {
      told = false;
    }
    if (!told && typeof BroadcastChannel === 'function') {
      const channel = new BroadcastChannel(PAYMENT_CHANNEL);
      channel.postMessage(message);
      channel.close();
    }
    setClosing(true);
    window.close();
    // A window the script did not open cannot close itself: then it shows the dashboard.
    const fallback = setTimeout(() => navigate(dashboardAddress(message), { replace: true }), CLOSE_GRACE_MS);
    return () => clearTimeout(fallback);
    // The query string is read once, when PayPal sends the window here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const text = message ? paymentToast(message) : null;
  return (
    <div className="container section" style={{ maxWidth: 560 }}>
      <div className="card" data-testid="payment-return">
        <h1 style={{ fontSize: '1.5rem' }}>{text?.title ?? t('payment.none')}</h1>
        <p>{text?.description ?? t('payment.noneText')}</p>
        {closing && <p className="muted small">{t('payment.closing')}</p>}
        <a className="btn btn-secondary" href="/dashboard?tab=billing">
          {t('payment.billing')}
        </a>
      </div>
    </div>
  );
}
