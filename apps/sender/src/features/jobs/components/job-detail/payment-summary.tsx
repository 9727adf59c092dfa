import type { PaymentReceipt } from '@vm/domain/marketplace';
import type { ShipmentRead } from '@vm/domain/shipment';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useReceipt } from '../../api/get-receipt.ts';
import { euro } from './format.ts';

/** A receipt's moment as DD/MM/YYYY HH:mm (SPEC section 5) on the job's clock, with the year a receipt needs. */
export function paidAt(seconds: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(seconds * 1000)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** How it was paid, in words; every method has its own (a new method is a compile error here until it has). */
function methodText(r: PaymentReceipt, t: TFunction): string {
  switch (r.method) {
    case 'card':
      return r.card_last4 ? t('job.payment.byCard', { last4: r.card_last4 }) : t('job.payment.byCardUnknown');
    case 'invoice':
      return t('job.payment.byInvoice');
    case 'bancontact':
      return t('job.payment.byBancontact');
  }
}

/**
 * After payment, the job's payment block: amount incl. VAT, VAT, method and date, and the
 * receipt itself, with the same lines as the receipt mail (the server makes both).
 */
export function PaymentSummary({ shipment: s }: { shipment: ShipmentRead }) {
  const { t } = useTranslation();
  const { data: r, isError } = useReceipt(s.id, s.current_state.state, Boolean(s.accepted_offer));
  if (!s.accepted_offer) return null;
  if (isError) return <p className="form-error">{t('job.payment.loadFailed')}</p>;
  if (!r) return null;
  return (
    <section className="card payment-summary" aria-labelledby="payment-summary-title" data-testid="payment-summary">
      <h2 id="payment-summary-title">{t('job.payment.title')}</h2>
      <dl className="details payment-facts">
        <dt>{t('job.payment.amount')}</dt>
        <dd>{euro(r.total)}</dd>
        <dt>{t('job.payment.vat', { percent: r.vat_percent })}</dt>
        <dd>{euro(r.vat_amount)}</dd>
        <dt>{t('job.payment.method')}</dt>
        <dd>{methodText(r, t)}</dd>
        <dt>{t('job.payment.date')}</dt>
        <dd>
          <time dateTime={new Date(r.paid_at * 1000).toISOString()}>{paidAt(r.paid_at, s.pickup_timezone)}</time>
        </dd>
        <dt>{t('job.payment.money')}</dt>
        <dd data-testid="money-status">{t(`job.payment.moneyStatus.${r.money}`)}</dd>
      </dl>
      <details className="receipt">
        <summary>{t('job.payment.receipt')}</summary>
        <article className="receipt-body" aria-label={r.subject}>
          <h3>{r.subject}</h3>
          {r.lines
            .filter((line) => line.trim() !== '')
            .map((line, i) => (
              <p key={i}>{line}</p>
            ))}
          <p className="muted">
            {t('job.payment.date')}: {paidAt(r.paid_at, s.pickup_timezone)}
          </p>
        </article>
      </details>
    </section>
  );
}
