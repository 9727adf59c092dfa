import type { ProofKind } from '@vm/domain/proof';
import type { ShipmentStateName } from '@vm/domain/shipment-states';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { nextStep } from './api.ts';
import { queueStateChange } from './queue-actions.ts';

/**
 * ONE large button for the next legal state. A state that needs a proof first opens the proof
 * screen; any other goes into the offline queue (so it works without a network) and shows at once.
 */
export function NextStateButton({ shipmentId, state, proofsTaken }: { shipmentId: number; state: ShipmentStateName; proofsTaken: readonly ProofKind[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const step = nextStep(state, proofsTaken);
  if (!step) return <p className="run-done">{t('myJobs.noNextStep')}</p>;
  const label = step.proof ? t(`myJobs.proofFirst.${step.proof}`) : t(`myJobs.actions.${step.to}`);
  return (
    <button
      type="button"
      className="button button-primary button-large run-next"
      disabled={busy}
      onClick={async () => {
        if (step.proof) return void navigate(`/my-jobs/${shipmentId}/proof/${step.proof}`);
        setBusy(true);
        try {
          await queueStateChange(shipmentId, step.to);
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </button>
  );
}
