import { useTranslation } from 'react-i18next';
import { useAssignedJobs } from '../api/jobs.ts';
import { JobList } from './job-list.tsx';

/** My jobs: the accepted jobs, soonest pickup first. */
export function MyJobsPage() {
  const { t } = useTranslation();
  const jobs = useAssignedJobs();
  const sorted = [...(jobs.data ?? [])].sort((a, b) => a.pickup_date_from - b.pickup_date_from);
  return (
    <section className="page page-narrow">
      <h1>{t('myJobs.title')}</h1>
      {jobs.isError && (
        <p role="alert" className="form-error">
          {t('work.loadFailed')}
        </p>
      )}
      {jobs.data && (sorted.length === 0 ? <p>{t('myJobs.empty')}</p> : <JobList jobs={sorted} linkTo={(id) => `/work/${id}`} />)}
    </section>
  );
}
