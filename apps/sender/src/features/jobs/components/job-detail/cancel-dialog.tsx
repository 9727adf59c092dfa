import { useTranslation } from 'react-i18next';
import { Modal } from '@vm/ui/modal.tsx';
import { useToast } from '@vm/ui/toast.tsx';
import { useCancelShipment } from '../../api/cancel-shipment.ts';

/** "Cancel this job?" with yes and no. */
export function CancelDialog({ shipmentId, open, onClose }: { shipmentId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const cancelling = useCancelShipment();
  function cancel() {
    cancelling.mutate(shipmentId, {
      onError: (err) => {
        // SPEC section 8: a cancel failure is only logged.
        console.warn('cancel failed', err);
        toast(t('job.cancelFailed'), 'danger');
      },
      onSettled: onClose,
    });
  }
  return (
    <Modal open={open} title={t('job.cancelTitle')} onClose={onClose}>
      <p>{t('job.cancelQuestion')}</p>
      <div className="form-actions">
        <button type="button" className="button button-danger" onClick={cancel} disabled={cancelling.isPending}>
          {t('job.cancelYes')}
        </button>
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t('job.cancelNo')}
        </button>
      </div>
    </Modal>
  );
}
