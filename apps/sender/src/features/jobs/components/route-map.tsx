import type { ShipmentRead } from '@vm/domain/shipment';
import { useTranslation } from 'react-i18next';
import { RouteMap as SharedRouteMap } from '@vm/ui/map/route-map.tsx';

/** The job's map: pickup, delivery, the route and the driver's current position. */
export function RouteMap({ shipment }: { shipment: ShipmentRead }) {
  const { t } = useTranslation();
  return (
    <SharedRouteMap
      from={shipment.pickup_location}
      to={shipment.delivery_location}
      route={shipment.route}
      current={shipment.current_location}
      labels={{ map: t('job.map'), pickup: t('job.pickup'), delivery: t('job.delivery'), current: t('job.currentLocation') }}
    />
  );
}
