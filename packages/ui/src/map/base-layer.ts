import L from 'leaflet';
import { call } from '@vm/client/api-client.ts';
import { fetchConfig } from '@vm/client/config.ts';
import { currentLanguage, type Language } from '@vm/client/locale.ts';

export type Point = { lat: number; lng: number };

/** SPEC section 9: the map's default centre, near Hasselt. */
export const DEFAULT_CENTER: Point = { lat: 50.93, lng: 5.33 };

/** A town: its GeoNames name, place, population, and its Dutch and French names where Belgium uses both. */
type BasemapTown = [name: string, lat: number, lng: number, population: number, nl?: string, fr?: string];
type Basemap = { attribution: string; countries: GeoJSON.FeatureCollection; towns: BasemapTown[] };

/** The town's name in the UI language: Bruxelles in French, Brussel in Dutch, Brussels in English. */
export function townName([name, , , , nl, fr]: BasemapTown, language: Language): string {
  if (language === 'nl') return nl ?? name;
  if (language === 'fr') return fr ?? name;
  return name;
}

/** A map pin; `kind` picks its colour (pickup, delivery, truck). */
export const pinIcon = (kind = '') => L.divIcon({ className: `map-pin ${kind ? `map-pin-${kind}` : ''}`, html: '<span></span>', iconSize: [26, 26], iconAnchor: [13, 26] });

export type TownLabel = { name: string; x: number; y: number; population: number };
type Box = { left: number; top: number; right: number; bottom: number };

/** The box a town's dot and label take on screen, in pixels (the label sits right of the dot). */
export const labelBox = (t: TownLabel): Box => ({ left: t.x - 5, top: t.y - 9, right: t.x + 10 + t.name.length * 7, bottom: t.y + 9 });

/**
 * Which towns get a label: the biggest first, and a town whose label would overlap one already
 * placed is left out, so names never pile up on each other.
 */
export function placeLabels<T extends TownLabel>(towns: T[], max: number): T[] {
  const placed: { t: T; box: Box }[] = [];
  for (const t of [...towns].sort((a, b) => b.population - a.population)) {
    if (placed.length >= max) break;
    const box = labelBox(t);
    if (placed.some((p) => box.left < p.box.right && p.box.left < box.right && box.top < p.box.bottom && p.box.top < box.bottom)) continue;
    placed.push({ t, box });
  }
  return placed.map((p) => p.t);
}

/** Draws the built-in basemap: country shapes and GeoNames towns, so the map is never blank. */
async function addFallbackBasemap(map: L.Map, removed: () => boolean): Promise<void> {
  // The contract leaves the GeoJSON of the countries untyped (unknown); it is a FeatureCollection.
  const data = (await call('GET /api/geo/basemap', {})) as Basemap;
  if (removed()) return;
  // Below the route and the markers, whenever it arrives.
  map.createPane('basemap').style.zIndex = '250';
  L.geoJSON(data.countries, {
    pane: 'basemap',
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
  // A redraw keeps the labels that stay and adds or removes only the others: Leaflet fades a
  // removed label out over 200 ms, so clearing them all would show each name twice meanwhile.
  const towns = L.layerGroup().addTo(map);
  const shown = new Map<string, L.CircleMarker>();
  const drawTowns = () => {
    const area = map.getBounds().pad(0.5);
    // Fewer, bigger towns when zoomed out, so the labels stay readable.
    const zoom = map.getZoom();
    const max = zoom >= 13 ? 150 : zoom >= 11 ? 40 : 15;
    const candidates = data.towns
      .filter(([, lat, lng]) => area.contains([lat, lng]))
      .map((town) => {
        const [, lat, lng, population] = town;
        const { x, y } = map.latLngToContainerPoint([lat, lng]);
        const name = townName(town, currentLanguage());
        return { key: `${name}|${lat}|${lng}`, name, population, x, y, lat, lng };
      });
    const wanted = new Map(placeLabels(candidates, max).map((t) => [t.key, t]));
    for (const [key, marker] of shown) {
      if (wanted.has(key)) continue;
      towns.removeLayer(marker);
      shown.delete(key);
    }
    for (const { key, name, lat, lng, population } of wanted.values()) {
      if (shown.has(key)) continue;
      const marker = L.circleMarker([lat, lng], { pane: 'basemap', radius: population > 50_000 ? 5 : 3, color: '#34495e', weight: 1, fillOpacity: 0.8, interactive: false })
        .bindTooltip(name, { permanent: true, direction: 'right', className: 'town-label', offset: [4, 0] })
        .addTo(towns);
      shown.set(key, marker);
    }
  };
  drawTowns();
  map.on('moveend', drawTowns);
  map.attributionControl.addAttribution(data.attribution);
}

/** The configured tile server, or the built-in basemap when there is none or it does not answer. */
export function addBaseLayer(m: L.Map): void {
  // Both layers come after a fetch. A map removed meanwhile (the page was left) gets nothing: its
  // panes are gone, and drawing the towns on it would throw reading '_leaflet_pos'.
  let removed = false;
  m.once('unload', () => (removed = true));
  let fellBack = false;
  const fallback = () => {
    if (fellBack || removed) return;
    fellBack = true;
    void addFallbackBasemap(m, () => removed).catch(() => undefined);
  };
  fetchConfig()
    .then((cfg) => {
      if (removed) return;
      if (!cfg.map.tile_url) return fallback();
      // A tile server that does not answer is the same as none.
      L.tileLayer(cfg.map.tile_url, { attribution: cfg.map.attribution, maxZoom: 19 }).on('tileerror', fallback).addTo(m);
    })
    .catch(fallback);
}
