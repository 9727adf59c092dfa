import { SHIPMENT_STATE } from '@vm/domain/shipment-states';
import type { ShipmentRead } from '@vm/domain/shipment';
import { useTranslation } from 'react-i18next';
import { duration, km, timeWindow } from './format.ts';

type Props = {
  shipment: ShipmentRead;
  /** Opens the offers modal, on one offer (the accepted driver) or on the list (null). */
  onShowOffers: (offerId: number | null) => void;
  onChangeInsurance: () => void;
};

/** Where and when, the distances, the insurance, the driver and the offers. */
export function RouteCard({ shipment: s, onShowOffers, onChangeInsurance }: Props) {
  const { t } = useTranslation();
  const tz = s.pickup_timezone;
  const isNew = SHIPMENT_STATE[s.current_state.state].phase === 'open';
  const insuranceChangeable = isNew && !s.accepted_offer;
  const accepted = s.accepted_offer;
  return (
    <section className="card" aria-labelledby="route-title">
      <h2 id="route-title">{t('job.route')}</h2>
      <dl className="details">
        <dt>{t('job.pickup')}</dt>
        <dd>
          {s.pickup_location.address.name && <strong>{s.pickup_location.address.name}, </strong>}
          {s.pickup_location.address.formatted}
          <br />
          <span className="muted" data-testid="pickup-window">{timeWindow(s.pickup_date_from, s.pickup_date_till, tz)}</span>
          {s.pickup_location.notes && <span className="instructions">{s.pickup_location.notes}</span>}
        </dd>
        <dt>{t('job.delivery')}</dt>
        <dd>
          {s.delivery_location.address.name && <strong>{s.delivery_location.address.name}, </strong>}
          {s.delivery_location.address.formatted}
          <br />
          <span className="muted" data-testid="delivery-window">{timeWindow(s.delivery_date_from, s.delivery_date_till, s.delivery_timezone)}</span>
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
            <button type="button" className="button button-ghost button-small" onClick={onChangeInsurance}>
              {t('job.change')}
            </button>
          )}
        </dd>
        {accepted && (
          <>
            <dt>{t('job.driver')}</dt>
            <dd>
              <button type="button" className="link-button" onClick={() => onShowOffers(accepted.id)}>
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
            <button type="button" className="button button-primary" onClick={() => onShowOffers(null)}>
              {t('job.viewOffers', { count: s.offers.length })}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
