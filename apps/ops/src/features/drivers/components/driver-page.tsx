import type { DriverReview } from '@vm/domain';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useDriver } from '../api/drivers.ts';
import { DecisionForm } from './decision-form.tsx';
import { DocumentFile } from './document-file.tsx';
import { belgianToday, formatDay, formatWhen } from './format.ts';

/** One driver as staff verify them: account, business details, vehicles (with the licence rule), documents, the decision. */
export function DriverPage() {
  const { id } = useParams();
  const driverId = Number(id);
  if (!Number.isSafeInteger(driverId) || driverId < 1) return <Navigate to="/drivers" replace />;
  return <DriverReviewView key={driverId} driverId={driverId} />;
}

function DriverReviewView({ driverId }: { driverId: number }) {
  const { t } = useTranslation();
  const driver = useDriver(driverId);
  // Opened again, the page waits for the fresh read rather than show what the cache kept (the
  // driver may have sent new documents, another staff member may have decided).
  if (driver.isPending || (driver.isFetching && !driver.isFetchedAfterMount)) return <p className="loading">{t('loading')}</p>;
  if (driver.isError)
    return (
      <section className="page">
        <h1>{t('drivers.notFoundTitle')}</h1>
        <p className="form-error" role="alert">
          {t('drivers.notFound')}
        </p>
        <Link to="/drivers">{t('drivers.back')}</Link>
      </section>
    );
  return <Review review={driver.data} />;
}

function Review({ review }: { review: DriverReview }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const today = belgianToday();
  const p = review.profile;
  const waiting = review.status === 'pending' || (review.status === 'approved' && review.documents_pending > 0);
  return (
    <section className="page driver-review">
      <p>
        <Link to="/drivers">{t('drivers.back')}</Link>
      </p>
      <h1>{review.name || review.email}</h1>
      <p>
        <span className={`badge badge-status-${review.status}`}>{t(`drivers.status.${review.status}`)}</span>
      </p>
      {review.status === 'refused' && p.refusal_reason && (
        <p className="notice-warning">
          <strong>{t('drivers.refusedBecause')}</strong> {p.refusal_reason}
        </p>
      )}

      <section aria-labelledby="account-title" className="card">
        <h2 id="account-title">{t('drivers.account')}</h2>
        <dl className="review-list">
          <dt>{t('drivers.email')}</dt>
          <dd>{review.email}</dd>
          <dt>{t('drivers.phone')}</dt>
          <dd>{review.phone}</dd>
          <dt>{t('drivers.language')}</dt>
          <dd>{t(`languages.${review.locale}`, { defaultValue: review.locale })}</dd>
          <dt>{t('drivers.waitingSince')}</dt>
          <dd>{formatWhen(review.waiting_since, lang)}</dd>
          <dt>{t('drivers.givenBack')}</dt>
          <dd>{t('drivers.givenBackCount', { count: review.given_back.total, recent: review.given_back.last_90_days })}</dd>
        </dl>
      </section>

      <section aria-labelledby="business-title" className="card">
        <h2 id="business-title">{t('drivers.business')}</h2>
        <dl className="review-list">
          <dt>{t('drivers.kind')}</dt>
          <dd>{t(`drivers.kinds.${p.kind}`)}</dd>
          {p.kind === 'company' && (
            <>
              <dt>{t('drivers.company')}</dt>
              <dd>{p.company_name}</dd>
            </>
          )}
          <dt>{t('drivers.companyNumber')}</dt>
          <dd>{p.company_number}</dd>
          <dt>{t('drivers.vat')}</dt>
          <dd>{p.vat_exempt ? t('drivers.vatExempt') : p.vat}</dd>
          <dt>{t('drivers.iban')}</dt>
          <dd>{p.iban}</dd>
        </dl>
      </section>

      <section aria-labelledby="vehicles-title" className="card">
        <h2 id="vehicles-title">{t('drivers.vehicles')}</h2>
        {review.vehicles.length === 0 ? (
          <p>{t('drivers.noVehicles')}</p>
        ) : (
          <div className="table-scroll" role="region" aria-labelledby="vehicles-title" tabIndex={0}>
            <table className="offers-table">
              <thead>
                <tr>
                  <th scope="col">{t('drivers.vehicle')}</th>
                  <th scope="col">{t('drivers.plate')}</th>
                  <th scope="col">{t('drivers.payload')}</th>
                  <th scope="col">{t('drivers.maxMass')}</th>
                  <th scope="col">{t('drivers.loadSpace')}</th>
                  <th scope="col">{t('drivers.transportLicence')}</th>
                </tr>
              </thead>
              <tbody>
                {review.vehicles.map((v) => {
                  const licenceExpired = v.needs_licence && v.licence_expires !== '' && v.licence_expires < today;
                  return (
                    <tr key={v.id}>
                      <td>
                        {v.name} ({t(`drivers.vehicleTypes.${v.type}`)})
                      </td>
                      <td>{v.plate}</td>
                      <td>{t('drivers.kg', { value: v.payload_kg.toLocaleString(lang) })}</td>
                      <td>{t('drivers.kg', { value: v.max_mass_kg.toLocaleString(lang) })}</td>
                      <td>{t('drivers.cm', { l: v.load_length_cm, w: v.load_width_cm, h: v.load_height_cm })}</td>
                      <td>
                        {v.needs_licence ? (
                          <>
                            <span className="badge badge-licence">{t('drivers.licenceNeeded')}</span>{' '}
                            {v.licence_number ? t('drivers.licenceUntil', { number: v.licence_number, day: formatDay(v.licence_expires, lang) }) : t('drivers.licenceMissing')}
                            {licenceExpired && <span className="badge badge-expired">{t('drivers.expired')}</span>}
                          </>
                        ) : (
                          t('drivers.licenceNotNeeded')
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="documents-title" className="card">
        <h2 id="documents-title">{t('drivers.documents')}</h2>
        <p>
          {t('drivers.required', { kinds: review.required.map((k) => t(`drivers.documentKinds.${k}`)).join(', ') })}
          {p.missing_documents.length > 0 && (
            <>
              {' '}
              <strong className="text-danger">{t('drivers.missing', { kinds: p.missing_documents.map((k) => t(`drivers.documentKinds.${k}`)).join(', ') })}</strong>
            </>
          )}
        </p>
        {review.documents.length === 0 ? (
          <p>{t('drivers.noDocuments')}</p>
        ) : (
          <div className="table-scroll" role="region" aria-labelledby="documents-title" tabIndex={0}>
            <table className="offers-table">
              <thead>
                <tr>
                  <th scope="col">{t('drivers.document')}</th>
                  <th scope="col">{t('drivers.expires')}</th>
                  <th scope="col">{t('drivers.documentStatus')}</th>
                  <th scope="col">{t('drivers.uploaded')}</th>
                  <th scope="col">{t('drivers.file')}</th>
                </tr>
              </thead>
              <tbody>
                {review.documents.map((d) => {
                  const expired = d.expires < today;
                  const kind = t(`drivers.documentKinds.${d.kind}`);
                  return (
                    <tr key={d.id} className={expired ? 'row-expired' : undefined}>
                      <td>{kind}</td>
                      <td>
                        {formatDay(d.expires, lang)} {expired && <span className="badge badge-expired">{t('drivers.expired')}</span>}
                      </td>
                      <td>{t(`drivers.documentStatuses.${d.status}`)}</td>
                      <td>{formatWhen(d.uploaded_at, lang)}</td>
                      <td>
                        <DocumentFile driverId={review.id} document={d} label={t('drivers.openFile', { kind, day: formatDay(d.expires, lang) })} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <DecisionForm driverId={review.id} waiting={waiting} />
    </section>
  );
}
