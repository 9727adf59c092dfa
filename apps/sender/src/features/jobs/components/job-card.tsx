import type { ShipmentRead } from '@vm/domain/shipment';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { timeWindow } from '@vm/client/zoned-format.ts';
import { euro } from './job-detail/format.ts';

/** One job in the list (SPEC section 2): state or offers, route, items, time, distance; the accepted price once there is one. */
export function JobCard({ shipment, showOffers }: { shipment: ShipmentRead; showOffers: boolean }) {
  const { t } = useTranslation();
  const offers = shipment.offers.length;
  const types = [...new Set(shipment.packages.map((p) => t(`jobs.packageTypes.${p.type}`)))].join(', ');
  return (
    <li>
      <Link to={`/jobs/${shipment.id}`} className="card job-card">
        <span className={`badge badge-${shipment.current_state.state}`}>
          {showOffers && offers > 0 ? t('jobs.offers', { count: offers }) : t(`jobs.states.${shipment.current_state.state}`)}
        </span>
        <span className="job-route">
          {shipment.pickup_location.address.city} → {shipment.delivery_location.address.city}
        </span>
        <span className="job-meta">
          {t('jobs.items', { count: shipment.packages.length })} · {types}
        </span>
        <span className="job-meta" data-testid="job-card-window">{timeWindow(shipment.pickup_date_from, shipment.pickup_date_till, shipment.pickup_timezone)}</span>
        <span className="job-meta">{t('jobs.distance', { km: Math.ceil(shipment.route.distance / 1000) })}</span>
        {shipment.accepted_offer && (
          <span className="job-meta" data-testid="job-card-price">
            {t('jobs.price', { amount: euro(shipment.accepted_offer.cost_breakdown_sender.total.aftertaxes) })}
          </span>
        )}
      </Link>
    </li>
  );
}
