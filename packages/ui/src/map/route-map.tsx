import 'leaflet/dist/leaflet.css';
import polyline from '@mapbox/polyline';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { addBaseLayer, pinIcon, type Point } from './base-layer.ts';
import { removeMap } from './remove-map.ts';

/** SPEC sections 2 and 9: a route map, 300 high at zoom 11, fitted to the route. */
const ZOOM = 11;
/**
 * The pins do nothing when clicked, so they are not buttons: no tab stop, no pointer target. (As
 * buttons, a truck standing on its pickup pin made two overlapping touch targets.)
 */
const STILL = { interactive: false, keyboard: false } as const;
/** A still pin is announced as a picture with its name. */
function pin(at: Point, kind: string, label: string): L.Marker {
  const marker = L.marker([at.lat, at.lng], { icon: pinIcon(kind), title: label, ...STILL });
  marker.on('add', () => {
    marker.getElement()?.setAttribute('role', 'img');
    marker.getElement()?.setAttribute('aria-label', label);
  });
  return marker;
}

type Props = {
  from: Point;
  to: Point;
  route: { points: string; estimated: boolean };
  current: Point | null;
  labels: { map: string; pickup: string; delivery: string; current: string };
  testId?: string;
};

/**
 * Pickup, delivery and the driver's current position, with the decoded route between them. The
 * container carries the position as data-lat/data-lng, so a page (and a test) can see it move.
 */
export function RouteMap({ from, to, route, current, labels, testId = 'route-map' }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const truck = useRef<L.Marker | null>(null);
  const { pickup: pickupLabel, delivery: deliveryLabel, current: currentLabel } = labels;
  const { t } = useTranslation();
  // Leaflet's own zoom buttons are titled in English; these come from the catalogue.
  const [zoomIn, zoomOut] = [t('mapControls.zoomIn'), t('mapControls.zoomOut')];

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const m = L.map(el, { center: [from.lat, from.lng], zoom: ZOOM, zoomControl: false });
    L.control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(m);
    map.current = m;
    addBaseLayer(m);
    const points = polyline.decode(route.points) as [number, number][];
    const line = L.polyline(points.length ? points : [[from.lat, from.lng], [to.lat, to.lng]], { color: '#0b5d4b', weight: 4, dashArray: route.estimated ? '8 8' : undefined }).addTo(m);
    pin({ lat: from.lat, lng: from.lng }, 'pickup', pickupLabel).addTo(m);
    pin({ lat: to.lat, lng: to.lng }, 'delivery', deliveryLabel).addTo(m);
    m.fitBounds(line.getBounds(), { padding: [24, 24], maxZoom: ZOOM });
    return () => {
      removeMap(m);
      map.current = null;
      truck.current = null;
    };
  }, [from.lat, from.lng, to.lat, to.lng, route.points, route.estimated, pickupLabel, deliveryLabel, zoomIn, zoomOut]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!current) {
      truck.current?.remove();
      truck.current = null;
      return;
    }
    if (truck.current) truck.current.setLatLng([current.lat, current.lng]);
    else truck.current = pin(current, 'truck', currentLabel).addTo(m);
    // The map effect above re-creates the map (and drops the marker) when the route changes: depend on it too.
  }, [current?.lat, current?.lng, current, currentLabel, from.lat, from.lng, to.lat, to.lng, route.points, route.estimated, pickupLabel, deliveryLabel, zoomIn, zoomOut]);

  return (
    <div
      ref={container}
      className="route-map"
      role="region"
      aria-label={labels.map}
      data-testid={testId}
      data-lat={current?.lat}
      data-lng={current?.lng}
    />
  );
}
