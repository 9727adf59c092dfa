import { SHIPMENT_STATE } from '@vm/domain/shipment-states';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Job } from '../api/jobs.ts';
import { euro } from '../../../lib/euro.ts';
import { km, timeWindow, town } from './format.ts';

/** Jobs as cards: route (towns), pickup window, distance, packages and the driver's own offer. */
export function JobList({ jobs, linkTo }: { jobs: Job[]; linkTo: (id: number) => string }) {
  const { t } = useTranslation();
  return (
    <ul className="plain-list job-list">
      {jobs.map((job) => (
        <li key={job.id} className="card job-card">
          <h2 className="job-route">
            <Link to={linkTo(job.id)} aria-label={t('work.open', { ref: job.reference_id })}>
              {town(job.pickup_location)} → {town(job.delivery_location)}
            </Link>
          </h2>
          <p className="job-meta">
            {t('work.meta', { window: timeWindow(job.pickup_date_from, job.pickup_date_till, job.pickup_timezone), km: km(job.route.distance), packages: t('work.packages', { count: job.packages.length }) })}
          </p>
          {job.my_offer && job.my_offer.state === 'open' && <p className="badge">{t('work.yourOffer', { price: euro(job.my_offer.price) })}</p>}
          {SHIPMENT_STATE[job.current_state.state].phase !== 'open' && <p className="badge">{t(`states.${job.current_state.state}`)}</p>}
        </li>
      ))}
    </ul>
  );
}
