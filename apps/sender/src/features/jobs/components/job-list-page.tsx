import { LIST_FILTERS, type ListFilter, matchesFilter } from '@vm/domain/shipment-states';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useSenderShipments } from '../api/list-shipments.ts';
import { JobCard } from './job-card.tsx';

/** /jobs/status/{state}: the sender's jobs under one of the four filters of SPEC section 4. */
export function JobListPage() {
  const { t } = useTranslation();
  const { state } = useParams();
  const shipments = useSenderShipments();
  if (!LIST_FILTERS.includes(state as ListFilter)) return <Navigate to="/jobs/status/active" replace />;
  const filter = state as ListFilter;
  // 'Expired' is judged against the time of the last poll (every 30 s).
  const now = Math.floor(shipments.dataUpdatedAt / 1000);
  const shown = (shipments.data ?? []).filter((s) => matchesFilter(filter, { state: s.current_state.state, pickup_date_till: s.pickup_date_till }, now));
  return (
    <section className="page">
      <h1>{t(`jobs.titles.${filter}`)}</h1>
      {shipments.isPending ? (
        <p className="loading">{t('loading')}</p>
      ) : shown.length === 0 ? (
        <p className="muted">{t('jobs.empty', { state: t(`jobs.filterNames.${filter}`) })}</p>
      ) : (
        <ul className="job-grid">
          {shown.map((s) => (
            <JobCard key={s.id} shipment={s} showOffers={filter === 'active'} />
          ))}
        </ul>
      )}
    </section>
  );
}
