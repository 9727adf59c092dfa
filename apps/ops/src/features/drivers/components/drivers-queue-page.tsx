import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDriversQueue } from '../api/drivers.ts';
import { formatWhen } from './format.ts';

/** Drivers to verify: who waits (longest first), for what, since when; each opens the driver page. */
export function DriversQueuePage() {
  const { t, i18n } = useTranslation();
  const queue = useDriversQueue();
  return (
    <section className="page" aria-labelledby="drivers-title">
      <h1 id="drivers-title">{t('drivers.queueTitle')}</h1>
      {queue.isPending ? (
        <p className="loading">{t('loading')}</p>
      ) : queue.isError ? (
        <p className="form-error" role="alert">
          {t('drivers.failed')}
        </p>
      ) : queue.data.drivers.length === 0 ? (
        <p className="notice">{t('drivers.empty')}</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="drivers-title" tabIndex={0}>
          <table className="offers-table">
            <thead>
              <tr>
                <th scope="col">{t('drivers.name')}</th>
                <th scope="col">{t('drivers.company')}</th>
                <th scope="col">{t('drivers.waitingSince')}</th>
                <th scope="col">{t('drivers.waits')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.data.drivers.map((d) => (
                <tr key={d.id}>
                  <td>
                    <Link to={`/drivers/${d.id}`}>{d.name || d.email}</Link>
                  </td>
                  <td>{d.kind === 'company' ? d.company_name : t('drivers.kinds.person')}</td>
                  <td>{formatWhen(d.waiting_since, i18n.language)}</td>
                  <td>{d.status === 'pending' ? t('drivers.waitsFor.verification') : t('drivers.waitsFor.documents', { count: d.documents_pending })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
