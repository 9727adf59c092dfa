import type { InsuranceChoice } from '@vm/domain/insurance';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InsuranceChoices } from '../../../components/insurance-choices.tsx';
import { Modal } from '@vm/ui/modal.tsx';
import { TOAST_MS, useToast } from '@vm/ui/toast.tsx';
import { useChangeInsurance } from '../api/change-insurance.ts';

type Props = { shipmentId: number; current: InsuranceChoice; open: boolean; onClose: () => void };

/** SPEC section 2: the insurance selection; PUT /api/shipment/{id} with its 10 s success toast. */
export function InsuranceModal({ shipmentId, current, open, onClose }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [choice, setChoice] = useState<InsuranceChoice>(current);
  const change = useChangeInsurance();

  function save(e: FormEvent) {
    e.preventDefault();
    change.mutate(
      { id: shipmentId, insurance: choice },
      {
        onSuccess: () => {
          toast(t('job.insuranceUpdated'), 'success', TOAST_MS.long);
          onClose();
        },
        onError: (err) => toast(err.message, 'danger', TOAST_MS.long),
      },
    );
  }

  return (
    <Modal open={open} title={t('job.insuranceTitle')} onClose={onClose}>
      <form onSubmit={save}>
        <InsuranceChoices legend={t('job.insuranceChoose')} value={choice} onChange={setChoice} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={change.isPending}>
            {t('job.save')}
          </button>
          <button type="button" className="button button-ghost" onClick={onClose}>
            {t('job.close')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
