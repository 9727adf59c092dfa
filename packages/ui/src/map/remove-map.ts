import type L from 'leaflet';

/** Leaflet's own state of a zoom animation in progress and of a resize (not in its typings). */
type Moving = { _animatingZoom?: boolean; _sizeTimer?: ReturnType<typeof setTimeout> };

/**
 * Removes a map that may be moving. Leaflet 1.9 has two timers that remove() does not cancel: the
 * end of a zoom animation (250 ms) and the 'moveend' after a window resize (200 ms; a phone's
 * address bar that hides while scrolling is a resize). When the page is left before either runs,
 * it reads the removed map pane and throws "Cannot read properties of undefined (reading
 * '_leaflet_pos')". Marking the zoom as over lets its timer return before it touches anything,
 * and the resize timer is cleared; remove() itself stops pan and fly animations.
 */
export function removeMap(map: L.Map): void {
  const m = map as L.Map & Moving;
  m._animatingZoom = false;
  clearTimeout(m._sizeTimer);
  map.remove();
}
