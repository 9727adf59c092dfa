import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import type { Precision } from '@vm/domain/address';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { addBaseLayer, DEFAULT_CENTER, pinIcon, type Point } from '@vm/ui/map/base-layer.ts';
import { removeMap } from '@vm/ui/map/remove-map.ts';

/** SPEC section 9: the wizard's zoom. */
const ZOOM = 13;
const pin = pinIcon();

/** The chosen address (or just a point); a town-level answer gets the "approximate" note. */
type Placed = Point & { precision?: Precision; city?: string };
/** onPick answers false when nothing was found there: the pin then goes back to where it was. */
type Props = { point: Placed | null; label: string; onPick: (p: Point) => Promise<boolean | void> | void };

/** 600 x 300 at zoom 13 with a draggable marker; a click or a drag picks the place (SPEC section 2). */
export function LocationMap({ point, label, onPick }: Props) {
  const { t } = useTranslation();
  const noteId = useId();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const last = useRef<Point | null>(point);
  const pick = useRef(onPick);
  useEffect(() => {
    last.current = point;
    pick.current = onPick;
  });

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const start = point ?? DEFAULT_CENTER;
    const m = L.map(el, { center: [start.lat, start.lng], zoom: ZOOM, attributionControl: true, zoomControl: false });
    // Leaflet's own button titles are English.
    L.control.zoom({ zoomInTitle: t('mapControls.zoomIn'), zoomOutTitle: t('mapControls.zoomOut') }).addTo(m);
    map.current = m;
    marker.current = L.marker([start.lat, start.lng], { draggable: true, icon: pin, title: label, keyboard: true }).addTo(m);
    const choose = async (p: Point) => {
      // Nothing found there (the sea, abroad): the previous address keeps its pin.
      if ((await pick.current(p)) === false) {
        const back = last.current ?? DEFAULT_CENTER;
        marker.current?.setLatLng([back.lat, back.lng]);
      }
    };
    marker.current.on('dragend', () => {
      const p = marker.current!.getLatLng();
      void choose({ lat: p.lat, lng: p.lng });
    });
    m.on('click', (e: L.LeafletMouseEvent) => {
      marker.current?.setLatLng(e.latlng);
      void choose({ lat: e.latlng.lat, lng: e.latlng.lng });
    });
    addBaseLayer(m);
    return () => {
      removeMap(m);
      map.current = null;
    };
    // The map is made once; the effect below follows the point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Follows the point's coordinates, not the object: a re-render while the pin is dragged (the
  // address field losing focus) must not pull the pin back.
  const lat = point?.lat;
  const lng = point?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined || !map.current) return;
    marker.current?.setLatLng([lat, lng]);
    // A place picked on the map stays under the pointer; one from the address field is brought into view.
    if (!map.current.getBounds().pad(-0.1).contains([lat, lng])) map.current.setView([lat, lng], map.current.getZoom());
  }, [lat, lng]);

  const approximate = point?.precision === 'locality';
  return (
    <>
      <div ref={container} className="location-map" role="region" aria-label={label} aria-describedby={approximate ? noteId : undefined} data-testid="location-map" />
      {approximate && (
        <p id={noteId} className="field-hint hint-block" data-testid="approximate-note">
          {t('wizard.approximate', { city: point.city ?? '' })}
        </p>
      )}
    </>
  );
}
