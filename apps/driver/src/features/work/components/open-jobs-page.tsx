import { useTranslation } from 'react-i18next';
import { useOpenJobs } from '../api/jobs.ts';
import { JobList } from './job-list.tsx';

/** The Work tab: open jobs to bid on. */
export function OpenJobsPage() {
  const { t } = useTranslation();
  const jobs = useOpenJobs();
  return (
    <section className="page page-narrow">
      <h1>{t('work.title')}</h1>
      {jobs.isError && (
        <p role="alert" className="form-error">
          {t('work.loadFailed')}{' '}
          <button type="button" className="button button-secondary button-small" onClick={() => void jobs.refetch()}>
            {t('work.retry')}
          </button>
        </p>
      )}
      {jobs.data && (jobs.data.length === 0 ? <p>{t('work.empty')}</p> : <JobList jobs={jobs.data} linkTo={(id) => `/work/${id}`} />)}
    </section>
  );
}
