import { SHIPMENT_STATE } from '@vm/domain/shipment-states';
import { ApiError } from '@vm/client/api-client.ts';
import { ProtectedImage } from '@vm/ui/protected-image.tsx';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useJob } from '../api/jobs.ts';
import { km, timeWindow, town } from './format.ts';
import { OfferForm } from './offer-form.tsx';

/** One job: towns, windows, packages with their photos, and the driver's offer. */
export function JobPage() {
  const { t } = useTranslation();
  const { jobId } = useParams();
  const id = Number(jobId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const job = useJob(valid ? id : 0);
  const back = (
    <p>
      <Link to="/work">← {t('job.back')}</Link>
    </p>
  );
  if (!valid || (job.isError && job.error instanceof ApiError && job.error.status === 404))
    return (
      <section className="page page-narrow">
        {back}
        <h1>{t('titles.job')}</h1>
        <p>{t('job.notFound')}</p>
      </section>
    );
  if (job.isError)
    return (
      <section className="page page-narrow">
        {back}
        <h1>{t('titles.job')}</h1>
        <p role="alert" className="form-error">
          {t('work.loadFailed')}
        </p>
      </section>
    );
  if (!job.data) return null;
  const j = job.data;
  return (
    <section className="page page-narrow">
      {back}
      <h1>
        {town(j.pickup_location)} → {town(j.delivery_location)}
      </h1>
      <p className="job-meta">
        {j.reference_id} · {t('job.distance', { km: km(j.route.distance) })}
      </p>
      <dl className="job-stops card">
        <dt>{t('job.pickup')}</dt>
        <dd>
          {town(j.pickup_location)}
          <br />
          {timeWindow(j.pickup_date_from, j.pickup_date_till, j.pickup_timezone)}
        </dd>
        <dt>{t('job.delivery')}</dt>
        <dd>
          {town(j.delivery_location)}
          <br />
          {timeWindow(j.delivery_date_from, j.delivery_date_till, j.delivery_timezone)}
        </dd>
      </dl>
      <section className="card" aria-labelledby="packages-heading">
        <h2 id="packages-heading">{t('job.packages')}</h2>
        <ul className="plain-list">
          {j.packages.map((p) => (
            <li key={p.id} className="package-row">
              <strong>{p.description || p.type}</strong>
              <span>{t('job.size', { l: p.length, w: p.width, h: p.height, kg: p.weight })}</span>
              {p.attachments.length > 0 && (
                <span className="package-photos">
                  {p.attachments.map((a) => (
                    <ProtectedImage key={a.id} src={a.image.thumb.url} alt={t('job.photo', { name: p.description || p.type })} className="package-photo" fallback={null} />
                  ))}
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>
      {SHIPMENT_STATE[j.current_state.state].phase === 'open' && <OfferForm job={j} />}
    </section>
  );
}
