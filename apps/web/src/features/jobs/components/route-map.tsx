import 'leaflet/dist/leaflet.css';
import polyline from '@mapbox/polyline';
import type { ShipmentRead } from '@vm/domain/shipment';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { addBaseLayer, pinIcon } from '../../../components/map/base-layer.ts';

/** SPEC sections 2 and 9: the job's map, 300 high at zoom 11, fitted to the route. */
const ZOOM = 11;

/** Pickup, delivery and the driver's current position, with the decoded route between them. */
export function RouteMap({ shipment }: { shipment: ShipmentRead }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const truck = useRef<L.Marker | null>(null);
  const { pickup_location: from, delivery_location: to, route } = shipment;

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const m = L.map(el, { center: [from.lat, from.lng], zoom: ZOOM });
    map.current = m;
    addBaseLayer(m);
    const points = polyline.decode(route.points) as [number, number][];
    const line = L.polyline(points.length ? points : [[from.lat, from.lng], [to.lat, to.lng]], { color: '#0b5d4b', weight: 4, dashArray: route.estimated ? '8 8' : undefined }).addTo(m);
    L.marker([from.lat, from.lng], { icon: pinIcon('pickup'), title: t('job.pickup'), alt: t('job.pickup') }).addTo(m);
    L.marker([to.lat, to.lng], { icon: pinIcon('delivery'), title: t('job.delivery'), alt: t('job.delivery') }).addTo(m);
    m.fitBounds(line.getBounds(), { padding: [24, 24], maxZoom: ZOOM });
    return () => {
      m.remove();
      map.current = null;
      truck.current = null;
    };
  }, [from.lat, from.lng, to.lat, to.lng, route.points, route.estimated, t]);

  const current = shipment.current_location;
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!current) {
      truck.current?.remove();
      truck.current = null;
      return;
    }
    if (truck.current) truck.current.setLatLng([current.lat, current.lng]);
    else truck.current = L.marker([current.lat, current.lng], { icon: pinIcon('truck'), title: t('job.currentLocation'), alt: t('job.currentLocation') }).addTo(m);
  }, [current?.lat, current?.lng, current, t]);

  return <div ref={container} className="route-map" role="region" aria-label={t('job.map')} data-testid="route-map" />;
}
