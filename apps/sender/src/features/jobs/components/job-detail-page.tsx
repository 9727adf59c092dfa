import { SHIPMENT_STATE } from '@vm/domain/shipment-states';
import type { ShipmentRead } from '@vm/domain/shipment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '@vm/client/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { routeId } from '../../../lib/route-id.ts';
import { useShipment } from '../api/get-shipment.ts';
import { InsuranceModal } from './insurance-modal.tsx';
import { CancelDialog } from './job-detail/cancel-dialog.tsx';
import { JobActions } from './job-detail/job-actions.tsx';
import { JobTitle } from './job-detail/job-title.tsx';
import { PackagesCard } from './job-detail/packages-card.tsx';
import { PaymentSummary } from './job-detail/payment-summary.tsx';
import { PaymentWaiting } from './job-detail/payment-waiting.tsx';
import { ProofAndProblem } from './job-detail/problem-card.tsx';
import { RouteCard } from './job-detail/route-card.tsx';
import { StatesCard } from './job-detail/states-card.tsx';
import { StreetViewCard } from './job-detail/street-view-card.tsx';
import { useBancontactReturn } from './job-detail/use-bancontact-return.ts';
import { OffersModal } from './offers-modal.tsx';
import { RatingCard } from './rating-card.tsx';
import { RouteMap } from './route-map.tsx';
import { RunningLate } from './running-late.tsx';
import { ShareTracking } from './share-tracking.tsx';

export function JobDetailPage() {
  const { t } = useTranslation();
  // '#/jobs/abc' names no job: say so without asking the server (SPEC section 8).
  const id = routeId(useParams().jobId);
  if (id === null) return <p className="form-error">{t('job.notFound')}</p>;
  return <JobDetailLoader id={id} />;
}

function JobDetailLoader({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: s, error, isPending } = useShipment(id);
  useBancontactReturn(id);
  usePageTitle(s ? t('titles.job', { reference: s.reference_id }) : null);
  if (isPending) return <p className="loading">{t('job.loading')}</p>;
  if (error || !s) return <p className="form-error">{error instanceof ApiError && error.status === 404 ? t('job.notFound') : t('job.loadFailed')}</p>;
  return <JobDetail shipment={s} />;
}

/** The page composes its sections; it only keeps which modal is open. */
function JobDetail({ shipment: s }: { shipment: ShipmentRead }) {
  const [offersOpen, setOffersOpen] = useState(false);
  const [offerToShow, setOfferToShow] = useState<number | null>(null);
  const [insuranceOpen, setInsuranceOpen] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);

  return (
    <section className="page job-detail">
      <JobTitle shipment={s} />
      <JobActions shipment={s} />
      <RunningLate shipment={s} />
      <PaymentWaiting shipment={s} />
      <ShareTracking shipment={s} />

      <RouteMap shipment={s} />

      <div className="job-columns">
        <RouteCard
          shipment={s}
          onShowOffers={(offerId) => {
            setOfferToShow(offerId);
            setOffersOpen(true);
          }}
          onChangeInsurance={() => setInsuranceOpen(true)}
        />
        <StatesCard shipment={s} onCancel={() => setConfirmCancel(true)} />
      </div>

      <PaymentSummary shipment={s} />
      <ProofAndProblem shipment={s} />
      {SHIPMENT_STATE[s.current_state.state].phase === 'done' && <RatingCard shipment={s} />}

      <PackagesCard shipment={s} />
      <StreetViewCard shipment={s} />

      {offersOpen && <OffersModal shipment={s} open onClose={() => setOffersOpen(false)} initialOfferId={offerToShow} />}
      {insuranceOpen && <InsuranceModal shipmentId={s.id} current={s.insurance} open onClose={() => setInsuranceOpen(false)} />}
      {confirmCancel && <CancelDialog shipment={s} open onClose={() => setConfirmCancel(false)} />}
    </section>
  );
}
