import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { addBaseLayer, DEFAULT_CENTER, pinIcon, type Point } from './base-layer.ts';
import { removeMap } from './remove-map.ts';

/** One place on the map that opens something when chosen (a job's pickup on the driver's board). */
export type MapPin = Point & { id: number; label: string; highlighted?: boolean };

type Props = {
  pins: MapPin[];
  /** Where the list is measured from (the phone, or the route's start and end), as still pins. */
  origins: (Point & { label: string })[];
  onOpen: (id: number) => void;
  labels: { map: string };
  testId?: string;
};

const ZOOM = 10;

/**
 * Pins on the offline basemap, fitted to them and their origins. Each pin is a button (Leaflet's
 * keyboard markers: Tab reaches it, Enter opens it) named by its label; the origins are pictures.
 */
export function PinsMap({ pins, origins, onOpen, labels, testId = 'pins-map' }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  });
  const { t } = useTranslation();
  const [zoomIn, zoomOut] = [t('mapControls.zoomIn'), t('mapControls.zoomOut')];

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const m = L.map(el, { center: [DEFAULT_CENTER.lat, DEFAULT_CENTER.lng], zoom: ZOOM, zoomControl: false });
    L.control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(m);
    addBaseLayer(m);
    map.current = m;
    layer.current = L.layerGroup().addTo(m);
    return () => {
      removeMap(m);
      map.current = null;
      layer.current = null;
    };
  }, [zoomIn, zoomOut]);

  useEffect(() => {
    const m = map.current;
    const group = layer.current;
    if (!m || !group) return;
    group.clearLayers();
    const points: L.LatLngExpression[] = [];
    for (const o of origins) {
      const marker = L.marker([o.lat, o.lng], { icon: pinIcon('truck'), title: o.label, interactive: false, keyboard: false });
      marker.on('add', () => {
        marker.getElement()?.setAttribute('role', 'img');
        marker.getElement()?.setAttribute('aria-label', o.label);
      });
      group.addLayer(marker);
      points.push([o.lat, o.lng]);
    }
    for (const p of pins) {
      const marker = L.marker([p.lat, p.lng], { icon: pinIcon(p.highlighted ? 'pickup map-pin-new' : 'pickup'), title: p.label, alt: p.label, keyboard: true });
      marker.on('add', () => {
        const el = marker.getElement();
        el?.setAttribute('role', 'button');
        el?.setAttribute('aria-label', p.label);
        // Leaflet turns Enter into a click; Space is a button's other key.
        el?.addEventListener('keydown', (e) => {
          if (e.key === ' ') {
            e.preventDefault();
            open.current(p.id);
          }
        });
      });
      marker.on('click', () => open.current(p.id));
      group.addLayer(marker);
      points.push([p.lat, p.lng]);
    }
    if (points.length > 0) m.fitBounds(L.latLngBounds(points), { padding: [28, 28], maxZoom: 12 });
  }, [pins, origins]);

  return <div ref={container} className="route-map pins-map" role="region" aria-label={labels.map} data-testid={testId} data-pins={pins.length} />;
}
