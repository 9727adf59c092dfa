import { PAYMENT_METHOD } from '@vm/domain/payment-methods';
import { SHIPMENT_STATE } from '@vm/domain/shipment-states';
import type { ShipmentRead } from '@vm/domain/shipment';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { refreshShipment } from '../../api/get-shipment.ts';
import { useWaitingPayment } from '../../api/get-waiting-payment.ts';
import { useResumePayment } from '../../api/resume-payment.ts';
import { useStopPayment } from '../../api/stop-payment.ts';
import { driverName, euro, when } from './format.ts';

/**
 * A Bancontact payment the sender left at the bank, or a card payment left at its 3-D Secure
 * challenge (the tab closed): it holds the job, so the page
 * says so and offers to go back to the bank page or to stop it (then another offer can be
 * accepted, or the job cancelled).
 */
export function PaymentWaiting({ shipment: s }: { shipment: ShipmentRead }) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const titleId = useId();
  const open = SHIPMENT_STATE[s.current_state.state].phase === 'open';
  const { data: waiting } = useWaitingPayment(s.id, open);
  const resuming = useResumePayment();
  const stopping = useStopPayment();
  if (!open || !waiting) return null;

  const offer = s.offers.find((o) => o.id === waiting.offer_id);
  // A card at its 3-D Secure challenge waits the same way as Bancontact at the bank.
  const card = PAYMENT_METHOD[waiting.method].flow === 'charge';
  const busy = resuming.isPending || resuming.isSuccess || stopping.isPending;
  // Paid, stopped or expired meanwhile (another tab, the bank): the server says so, and the job is read again.
  const failed = (err: Error) => {
    toast(err.message, 'danger', TOAST_MS.long);
    void refreshShipment(client, s.id);
  };

  return (
    <section className="notification-box notification-box-warning payment-waiting" aria-labelledby={titleId} data-testid="payment-waiting">
      <h2 id={titleId} className="notification-box-title">
        {t(card ? 'job.paymentWaiting.titleCard' : 'job.paymentWaiting.title')}
      </h2>
      <p>
        {t(card ? (offer ? 'job.paymentWaiting.textCard' : 'job.paymentWaiting.textCardNoDriver') : offer ? 'job.paymentWaiting.text' : 'job.paymentWaiting.textNoDriver', {
          amount: euro(waiting.total),
          driver: offer ? driverName(offer) : '',
          expires: when(waiting.expires_at, s.pickup_timezone, false),
        })}
      </p>
      <div className="form-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => resuming.mutate(waiting.id, { onSuccess: ({ redirect_url }) => window.location.assign(redirect_url), onError: failed })}
        >
          {t(card ? 'job.paymentWaiting.continueCard' : 'job.paymentWaiting.continue')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() =>
            stopping.mutate(waiting.id, {
              onSuccess: (r) => toast(t(r.status === 'succeeded' ? 'job.paymentWaiting.paid' : 'job.paymentWaiting.stopped'), r.status === 'succeeded' ? 'success' : 'info', TOAST_MS.long),
              onError: failed,
            })
          }
        >
          {t('job.paymentWaiting.stop')}
        </button>
      </div>
    </section>
  );
}
