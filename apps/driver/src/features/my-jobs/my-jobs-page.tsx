import './my-jobs.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { jobsInOrder, queuedFor, shownState, useMyJobs, useQueueSnapshot } from './api.ts';
import { timeWindow, town } from './format.ts';
import { useRunEvents } from './run-events.ts';

/** My jobs: today's and upcoming accepted jobs, soonest pickup first, each with its (queued) state. */
export function MyJobsPage() {
  const { t } = useTranslation();
  const jobs = useMyJobs();
  const snap = useQueueSnapshot();
  useRunEvents();
  const list = jobsInOrder(jobs.data ?? []);
  return (
    <section className="page page-narrow">
      <h1>{t('myJobs.title')}</h1>
      {jobs.isError && (
        <p role="alert" className="form-error">
          {t('myJobs.loadFailed')}
        </p>
      )}
      {jobs.data &&
        (list.length === 0 ? (
          <p>{t('myJobs.empty')}</p>
        ) : (
          <ul className="plain-list job-list">
            {list.map((j) => {
              const queued = queuedFor(snap, j.id);
              const state = shownState(j.current_state.state, queued.state);
              return (
                <li key={j.id} className="card job-card">
                  <Link to={`/my-jobs/${j.id}`} className="job-card-link">
                    <strong>
                      {town(j.pickup_location)} → {town(j.delivery_location)}
                    </strong>
                    <span className="visually-hidden"> {t('myJobs.open')}</span>
                  </Link>
                  <p>{t('myJobs.pickupWindow', { window: timeWindow(j.pickup_date_from, j.pickup_date_till, j.pickup_timezone) })}</p>
                  <p>
                    {t('myJobs.stateNow', { state: t(`states.${state}`) })}
                    {queued.pendingCount > 0 && <span className="badge"> {t('myJobs.waiting')}</span>}
                  </p>
                </li>
              );
            })}
          </ul>
        ))}
    </section>
  );
}
