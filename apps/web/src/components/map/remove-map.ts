import type L from 'leaflet';

/** Leaflet's own state of a zoom animation in progress (not in its typings). */
type Zooming = { _animatingZoom?: boolean };

/**
 * Removes a map that may be moving. Leaflet 1.9 ends a zoom animation in a 250 ms timer that
 * remove() does not cancel; when the page is left during a zoom, that timer reads the removed map
 * pane and throws "Cannot read properties of undefined (reading '_leaflet_pos')". Marking the
 * zoom as over lets the timer return before it touches anything; remove() itself stops pan and
 * fly animations.
 */
export function removeMap(map: L.Map): void {
  (map as L.Map & Zooming)._animatingZoom = false;
  map.remove();
}
