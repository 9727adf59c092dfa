import { LADDER_STATES } from '@vm/domain/cancellation';
import type { ShipmentRead } from '@vm/domain/shipment';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@vm/ui/modal.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { type FeeConflict, feeConflictOf, useCancelShipment } from '../../api/cancel-shipment.ts';
import { useCancellationQuote } from '../../api/get-cancellation-quote.ts';
import { ladderStepOf, ladderText } from './cancellation-ladder.ts';
import { euro, when } from './format.ts';

type Props = { shipment: ShipmentRead; open: boolean; onClose: () => void };

/**
 * "Cancel this job?". A new job: the SPEC's yes and no. After acceptance (issue 22): what cancelling
 * costs now, read from the server when the dialog opens (fee, refund, until when it stays so), and
 * a confirm button naming the fee, which the request names too. When the server answers that the
 * fee is another one now, the dialog shows that fee and asks again. Mounted while open.
 */
export function CancelDialog({ shipment, open, onClose }: Props) {
  const { t } = useTranslation();
  // A new job that was accepted meanwhile answers with the fee: from then on the dialog asks for it.
  const [conflict, setConflict] = useState<FeeConflict | null>(null);
  const paid = conflict !== null || LADDER_STATES.includes(shipment.current_state.state);
  return (
    <Modal open={open} title={t('job.cancelTitle')} onClose={onClose}>
      {paid ? <PaidCancel shipment={shipment} conflict={conflict} onConflict={setConflict} onClose={onClose} /> : <PlainCancel shipment={shipment} onConflict={setConflict} onClose={onClose} />}
    </Modal>
  );
}

type StepProps = { shipment: ShipmentRead; onConflict: (c: FeeConflict) => void; onClose: () => void };

/** SPEC section 4: a new job is cancelled for free, its offers lapse. */
function PlainCancel({ shipment, onConflict, onClose }: StepProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const cancelling = useCancelShipment();
  function cancel() {
    cancelling.mutate(
      { id: shipment.id },
      {
        onSuccess: onClose,
        onError: (err) => {
          const conflict = feeConflictOf(err);
          if (conflict) return onConflict(conflict);
          // SPEC section 8: a cancel failure is only logged.
          console.warn('cancel failed', err);
          toast(t('job.cancelFailed'), 'danger');
          onClose();
        },
      },
    );
  }
  return (
    <>
      <p>{t('job.cancelQuestion')}</p>
      <div className="form-actions">
        <button type="button" className="button button-danger" onClick={cancel} disabled={cancelling.isPending}>
          {t('job.cancelYes')}
        </button>
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t('job.cancelNo')}
        </button>
      </div>
    </>
  );
}

/** After acceptance: the fee now, then "Cancel and pay € x" (or "Cancel for free") with that fee. */
function PaidCancel({ shipment, conflict, onConflict, onClose }: StepProps & { conflict: FeeConflict | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const quote = useCancellationQuote(shipment.id, true);
  const cancelling = useCancelShipment();
  // One request at a time: a double click's second click comes before the button shows it is busy.
  const sending = useRef(false);
  const q = quote.data;
  // The fee the server named in its last 409 wins over the quote read before it: it is the one asked now.
  const fee = conflict?.fee ?? q?.fee;
  const refund = conflict?.refund ?? q?.refund;
  const tz = shipment.pickup_timezone;

  function cancel() {
    if (fee === undefined || sending.current) return;
    sending.current = true;
    cancelling
      .mutateAsync({ id: shipment.id, fee })
      .then(
        () => {
          toast(refund ? t('job.cancelPaid.doneRefund', { refund: euro(refund) }) : t('job.cancelPaid.done'), 'success', TOAST_MS.long);
          onClose();
        },
        (err: Error) => {
          const again = feeConflictOf(err);
          if (again) {
            onConflict(again);
            void quote.refetch();
            return;
          }
          toast(err.message || t('job.cancelFailed'), 'danger', TOAST_MS.long);
        },
      )
      .finally(() => (sending.current = false));
  }

  if (quote.isPending && !conflict) return <p role="status">{t('job.cancelPaid.loading')}</p>;
  if (quote.isError && !conflict)
    return (
      <>
        <p role="alert" className="form-error">
          {t('job.cancelPaid.loadFailed')}
        </p>
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={() => void quote.refetch()}>
            {t('job.cancelPaid.retry')}
          </button>
          <button type="button" className="button button-ghost" onClick={onClose}>
            {t('job.cancelNo')}
          </button>
        </div>
      </>
    );
  if (q && !q.allowed && !conflict)
    return (
      <>
        <p role="alert">{t(`job.cancelPaid.refused.${q.refusal ?? 'goods_on_board'}`)}</p>
        <div className="form-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            {t('job.cancelPaid.close')}
          </button>
        </div>
      </>
    );
  if (fee === undefined || refund === undefined) return null;

  const step = ladderStepOf(q?.step ?? null);
  const freeUntil = q?.step === 'free' && q.next_step_at !== null ? q.next_step_at : null;
  return (
    <>
      {conflict && (
        <p className="notice notice-warning" role="alert" data-testid="fee-changed">
          {t('job.cancelPaid.feeChanged', { fee: euro(conflict.fee) })}
        </p>
      )}
      <dl className="details" data-testid="cancel-fee">
        {q && q.charged > 0 && (
          <>
            <dt>{t('job.cancelPaid.charged')}</dt>
            <dd>{euro(q.charged)}</dd>
          </>
        )}
        <dt>{t('job.cancelPaid.fee')}</dt>
        <dd className="confirm-amount">{euro(fee)}</dd>
        <dt>{t('job.cancelPaid.refund')}</dt>
        <dd>{euro(refund)}</dd>
      </dl>
      {freeUntil !== null ? (
        <p>{t('job.cancelPaid.freeUntil', { time: when(freeUntil, tz) })}</p>
      ) : q?.next_step_at ? (
        <p>{t('job.cancelPaid.nextStep', { time: when(q.next_step_at, tz) })}</p>
      ) : null}
      {q?.boundaries && step && (
        <p className="muted" data-testid="cancellation-ladder">
          {ladderText(t, shipment, step, q.boundaries)}
        </p>
      )}
      <p className="muted">{t('job.cancelPaid.after')}</p>
      <div className="form-actions">
        <button type="button" className="button button-danger" onClick={cancel} disabled={cancelling.isPending}>
          {fee > 0 ? t('job.cancelPaid.pay', { fee: euro(fee) }) : t('job.cancelPaid.free')}
        </button>
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t('job.cancelNo')}
        </button>
      </div>
    </>
  );
}
