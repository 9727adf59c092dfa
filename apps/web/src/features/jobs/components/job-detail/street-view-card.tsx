import type { ShipmentRead } from '@vm/domain/shipment';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../../../../lib/user-api.ts';

/** A street-level picture of the pickup, where the server has a street view provider. */
export function StreetViewCard({ shipment: s }: { shipment: ShipmentRead }) {
  const { t } = useTranslation();
  const [streetView, setStreetView] = useState<string | null>(null);
  useEffect(() => {
    void getConfig().then((c) => setStreetView(c.street_view?.url_template ?? null));
  }, []);
  if (!streetView) return null;
  return (
    <section className="card" aria-labelledby="street-title">
      <h2 id="street-title">{t('job.streetView')}</h2>
      <img className="street-view" src={streetView.replace('{lat}', String(s.pickup_location.lat)).replace('{lng}', String(s.pickup_location.lng))} alt={t('job.streetViewAlt', { address: s.pickup_location.address.formatted })} />
    </section>
  );
}
