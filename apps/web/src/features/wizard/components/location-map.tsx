import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { addBaseLayer, DEFAULT_CENTER, pinIcon, type Point } from '../../../components/map/base-layer.ts';

/** SPEC section 9: the wizard's zoom. */
const ZOOM = 13;
const pin = pinIcon();

type Props = { point: Point | null; label: string; onPick: (p: Point) => void };

/** 600 x 300 at zoom 13 with a draggable marker; a click or a drag picks the place (SPEC section 2). */
export function LocationMap({ point, label, onPick }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const start = point ?? DEFAULT_CENTER;
    const m = L.map(el, { center: [start.lat, start.lng], zoom: ZOOM, attributionControl: true });
    map.current = m;
    marker.current = L.marker([start.lat, start.lng], { draggable: true, icon: pin, title: label, keyboard: true }).addTo(m);
    marker.current.on('dragend', () => {
      const p = marker.current!.getLatLng();
      pick.current({ lat: p.lat, lng: p.lng });
    });
    m.on('click', (e: L.LeafletMouseEvent) => {
      marker.current?.setLatLng(e.latlng);
      pick.current({ lat: e.latlng.lat, lng: e.latlng.lng });
    });
    addBaseLayer(m);
    return () => {
      m.remove();
      map.current = null;
    };
    // The map is made once; the effect below follows the point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!point || !map.current) return;
    marker.current?.setLatLng([point.lat, point.lng]);
    map.current.setView([point.lat, point.lng], map.current.getZoom());
  }, [point]);

  return <div ref={container} className="location-map" role="region" aria-label={label} data-testid="location-map" />;
}
