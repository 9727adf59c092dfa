import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client.ts';
import { getConfig } from '../../../lib/user-api.ts';

type Point = { lat: number; lng: number };
type Basemap = { attribution: string; countries: GeoJSON.FeatureCollection; towns: [string, number, number, number][] };

/** SPEC section 9: the map's default centre (near Hasselt) and the wizard's zoom. */
const DEFAULT_CENTER: Point = { lat: 50.93, lng: 5.33 };
const ZOOM = 13;

const pin = L.divIcon({ className: 'map-pin', html: '<span></span>', iconSize: [26, 26], iconAnchor: [13, 26] });

/** Draws the built-in basemap: country shapes and GeoNames towns, so the map is never blank. */
async function addFallbackBasemap(map: L.Map): Promise<void> {
  const data = await api<Basemap>('/api/geo/basemap');
  L.geoJSON(data.countries, {
    style: (f) => ({
      color: '#5f6b70',
      weight: 1.5,
      fillColor: f?.properties?.country === 'BE' ? '#f3f0e6' : '#dfe4e6',
      fillOpacity: 1,
      className: `basemap-country basemap-${String(f?.properties?.country).toLowerCase()}`,
    }),
    interactive: false,
  }).addTo(map);
  // Only the towns in and around the view get a marker and a label: thousands would be slow.
  const towns = L.layerGroup().addTo(map);
  const drawTowns = () => {
    towns.clearLayers();
    const area = map.getBounds().pad(0.5);
    const visible = data.towns.filter(([, lat, lng]) => area.contains([lat, lng])).slice(0, 150);
    for (const [name, lat, lng, population] of visible) {
      L.circleMarker([lat, lng], { radius: population > 50_000 ? 5 : 3, color: '#34495e', weight: 1, fillOpacity: 0.8, interactive: false })
        .bindTooltip(name, { permanent: true, direction: 'right', className: 'town-label', offset: [4, 0] })
        .addTo(towns);
    }
  };
  drawTowns();
  map.on('moveend', drawTowns);
  map.attributionControl.addAttribution(data.attribution);
}

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
    let fellBack = false;
    const fallback = () => {
      if (fellBack) return;
      fellBack = true;
      void addFallbackBasemap(m).catch(() => undefined);
    };
    getConfig()
      .then((cfg) => {
        if (!cfg.map.tile_url) return fallback();
        // A tile server that does not answer is the same as none.
        L.tileLayer(cfg.map.tile_url, { attribution: cfg.map.attribution, maxZoom: 19 }).on('tileerror', fallback).addTo(m);
      })
      .catch(fallback);
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
