import type { ShipmentRead } from '@vm/domain/shipment';
import { useTranslation } from 'react-i18next';
import { useConfig } from '@vm/client/config.ts';

/** A street-level picture of the pickup, where the server has a street view provider. */
export function StreetViewCard({ shipment: s }: { shipment: ShipmentRead }) {
  const { t } = useTranslation();
  const streetView = useConfig().data?.street_view?.url_template;
  if (!streetView) return null;
  return (
    <section className="card" aria-labelledby="street-title">
      <h2 id="street-title">{t('job.streetView')}</h2>
      <img className="street-view" src={streetView.replace('{lat}', String(s.pickup_location.lat)).replace('{lng}', String(s.pickup_location.lng))} alt={t('job.streetViewAlt', { address: s.pickup_location.address.formatted })} />
    </section>
  );
}
