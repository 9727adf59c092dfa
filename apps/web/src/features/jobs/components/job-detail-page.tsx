import type { InsuranceChoice } from '@vm/domain/insurance';
import type { ShipmentRead } from '@vm/domain/shipment';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ChatIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ProtectedImage } from '../../../components/ui/protected-image.tsx';
import { TOAST_MS, useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { getConfig } from '../../../lib/user-api.ts';
import { cancelShipment, confirmPayment, useShipment } from '../api/shipment.ts';
import { InsuranceModal } from './insurance-modal.tsx';
import { OffersModal } from './offers-modal.tsx';
import { RatingCard } from './rating-card.tsx';
import { RouteMap } from './route-map.tsx';
import { RunningLate } from './running-late.tsx';
import { ShareTracking } from './share-tracking.tsx';

/** Times are shown on the pickup's clock, as the sender chose them in the wizard. */
const when = (seconds: number, timeZone: string, withDay = true) =>
  new Intl.DateTimeFormat('nl-BE', { timeZone, ...(withDay ? { weekday: 'short', day: 'numeric', month: 'short' } : {}), hour: '2-digit', minute: '2-digit' }).format(seconds * 1000);
const window_ = (from: number, till: number, tz: string) => `${when(from, tz)} – ${when(till, tz, false)}`;
const km = (metres: number) => Math.ceil(metres / 1000);
const duration = (seconds: number) => {
  const m = Math.round(seconds / 60);
  return m >= 60 ? `${Math.floor(m / 60)} u ${String(m % 60).padStart(2, '0')} min` : `${m} min`;
};

export function JobDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().jobId);
  const { data: s, error, isPending } = useShipment(id);
  useBancontactReturn(id);
  if (isPending) return <p className="loading">{t('job.loading')}</p>;
  if (error || !s) return <p className="form-error">{error instanceof ApiError && error.status === 404 ? t('job.notFound') : t('job.loadFailed')}</p>;
  return <JobDetail shipment={s} />;
}

/** Back from Bancontact with ?payment=: the server asks the provider; only a succeeded payment accepts. */
function useBancontactReturn(shipmentId: number) {
  const { t } = useTranslation();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const payment = Number(params.get('payment'));
  const handled = useRef<number | null>(null);
  useEffect(() => {
    if (!payment || handled.current === payment) return;
    handled.current = payment;
    confirmPayment(payment)
      .then((r) => toast(r.status === 'succeeded' ? t('job.accepted') : t('job.paymentPending'), r.status === 'succeeded' ? 'success' : 'info', TOAST_MS.long))
      .catch((err) => toast(err instanceof Error ? err.message : String(err), 'danger', TOAST_MS.long))
      .finally(() => setParams({}, { replace: true }));
  }, [payment, shipmentId, setParams, t, toast]);
}

function JobDetail({ shipment: s }: { shipment: ShipmentRead }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [offersOpen, setOffersOpen] = useState(false);
  const [offerToShow, setOfferToShow] = useState<number | null>(null);
  const [insuranceOpen, setInsuranceOpen] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [streetView, setStreetView] = useState<string | null>(null);
  const [chatNote, setChatNote] = useState(false);
  useEffect(() => {
    void getConfig().then((c) => setStreetView(c.street_view?.url_template ?? null));
  }, []);

  const state = s.current_state.state;
  const tz = s.pickup_timezone;
  const isNew = state === 'new';
  // The conversation exists from acceptance on (SPEC section 6); before that the icon explains why.
  const chatOpen = s.accepted_offer !== null && state !== 'new' && state !== 'cancelled';
  const insuranceChangeable = isNew && !s.accepted_offer;
  const accepted = s.accepted_offer;

  async function cancel() {
    try {
      await cancelShipment(s.id);
    } catch (err) {
      // SPEC section 8: a cancel failure is only logged.
      console.warn('cancel failed', err);
      toast(t('job.cancelFailed'), 'danger');
    } finally {
      setConfirmCancel(false);
    }
  }

  return (
    <section className="page job-detail">
      <div className="job-title">
        <h1>
          {t('job.reference')} <span className="reference">{s.reference_id}</span>
        </h1>
        {chatOpen ? (
          <Link to={`/chat/${s.id}`} className="button button-ghost chat-link" aria-label={t('job.chat')} title={t('job.chat')}>
            <ChatIcon />
          </Link>
        ) : (
          <button type="button" className="button button-ghost chat-link" aria-label={t('job.chat')} title={t('job.chat')} aria-expanded={chatNote} onClick={() => setChatNote((v) => !v)}>
            <ChatIcon />
          </button>
        )}
      </div>
      {!chatOpen && chatNote && (
        <p id="chat-not-open" className="notice notice-info" role="status">
          {t('chat.notOpen')}
        </p>
      )}
      <p>
        <span className={`badge badge-${state}`}>{t(`jobs.states.${state}`)}</span>
      </p>
      <RunningLate shipment={s} />
      <ShareTracking shipment={s} />

      <RouteMap shipment={s} />

      <div className="job-columns">
        <section className="card" aria-labelledby="route-title">
          <h2 id="route-title">{t('job.route')}</h2>
          <dl className="details">
            <dt>{t('job.pickup')}</dt>
            <dd>
              {s.pickup_location.address.name && <strong>{s.pickup_location.address.name}, </strong>}
              {s.pickup_location.address.formatted}
              <br />
              <span className="muted">{window_(s.pickup_date_from, s.pickup_date_till, tz)}</span>
              {s.pickup_location.notes && <span className="instructions">{s.pickup_location.notes}</span>}
            </dd>
            <dt>{t('job.delivery')}</dt>
            <dd>
              {s.delivery_location.address.name && <strong>{s.delivery_location.address.name}, </strong>}
              {s.delivery_location.address.formatted}
              <br />
              <span className="muted">{window_(s.delivery_date_from, s.delivery_date_till, tz)}</span>
              {s.delivery_location.notes && <span className="instructions">{s.delivery_location.notes}</span>}
            </dd>
            <dt>{t('job.packages')}</dt>
            <dd>{t('jobs.items', { count: s.packages.length })}</dd>
            <dt>{t('job.distance')}</dt>
            <dd>
              {t('jobs.distance', { km: km(s.route.distance) })} · {duration(s.route.duration)}
              {s.route.estimated && <span className="muted"> ({t('job.estimated')})</span>}
            </dd>
            <dt>{t('job.driverRoute')}</dt>
            <dd>{s.driver_route ? `${t('jobs.distance', { km: km(s.driver_route.distance) })} · ${duration(s.driver_route.duration)}` : <span className="muted">{t('job.notYet')}</span>}</dd>
            <dt>{t('job.insurance')}</dt>
            <dd className="inline-action">
              {t(`wizard.insurance.${s.insurance}`)}
              {insuranceChangeable && (
                <button type="button" className="button button-ghost button-small" onClick={() => setInsuranceOpen(true)}>
                  {t('job.change')}
                </button>
              )}
            </dd>
            {accepted && (
              <>
                <dt>{t('job.driver')}</dt>
                <dd>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => {
                      setOfferToShow(accepted.id);
                      setOffersOpen(true);
                    }}
                  >
                    {accepted.driver.user.first_name} {accepted.driver.user.last_name}
                  </button>
                </dd>
              </>
            )}
          </dl>
          {isNew && (
            <div className="offers-summary">
              {s.offers.length === 0 ? (
                <p className="muted" data-testid="no-offers">
                  {t('job.noOffers')}
                </p>
              ) : (
                <button
                  type="button"
                  className="button button-primary"
                  onClick={() => {
                    setOfferToShow(null);
                    setOffersOpen(true);
                  }}
                >
                  {t('job.viewOffers', { count: s.offers.length })}
                </button>
              )}
            </div>
          )}
        </section>

        <section className="card" aria-labelledby="states-title">
          <h2 id="states-title">{t('job.states')}</h2>
          <ol className="state-list">
            {s.states.map((x, i) => (
              <li key={`${x.state}-${i}`}>
                <span>{t(`jobs.states.${x.state}`)}</span>
                <time className="muted" dateTime={new Date(x.created_at * 1000).toISOString()}>
                  {when(x.created_at, tz)}
                </time>
              </li>
            ))}
          </ol>
          {isNew && (
            <button type="button" className="button button-danger" onClick={() => setConfirmCancel(true)}>
              {t('job.cancel')}
            </button>
          )}
        </section>
      </div>

      {state === 'finalised' && <RatingCard shipment={s} />}

      <section className="card" aria-labelledby="packages-title">
        <h2 id="packages-title">{t('job.packages')}</h2>
        <ul className="package-list">
          {s.packages.map((p) => (
            <li key={p.id}>
              <p>
                <strong>{t(`jobs.packageTypes.${p.type}`)}</strong> · {p.width} × {p.length} × {p.height} cm · {p.weight} kg
              </p>
              <p>{p.description}</p>
              {p.attachments.length > 0 && (
                <ul className="photo-list">
                  {p.attachments.map((a, i) => (
                    <li key={a.id}>
                      <ProtectedImage src={a.image.thumb.url} alt={t('job.photo', { n: i + 1, description: p.description })} className="package-photo" fallback={<span className="muted">{t('job.photoMissing')}</span>} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </section>

      {streetView && (
        <section className="card" aria-labelledby="street-title">
          <h2 id="street-title">{t('job.streetView')}</h2>
          <img className="street-view" src={streetView.replace('{lat}', String(s.pickup_location.lat)).replace('{lng}', String(s.pickup_location.lng))} alt={t('job.streetViewAlt', { address: s.pickup_location.address.formatted })} />
        </section>
      )}

      {offersOpen && <OffersModal shipment={s} open onClose={() => setOffersOpen(false)} initialOfferId={offerToShow} />}
      {insuranceOpen && <InsuranceModal shipmentId={s.id} current={s.insurance as InsuranceChoice} open onClose={() => setInsuranceOpen(false)} />}
      <Modal open={confirmCancel} title={t('job.cancelTitle')} onClose={() => setConfirmCancel(false)}>
        <p>{t('job.cancelQuestion')}</p>
        <div className="form-actions">
          <button type="button" className="button button-danger" onClick={cancel}>
            {t('job.cancelYes')}
          </button>
          <button type="button" className="button button-ghost" onClick={() => setConfirmCancel(false)}>
            {t('job.cancelNo')}
          </button>
        </div>
      </Modal>
    </section>
  );
}
