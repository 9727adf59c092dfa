import { useEffect, useState } from 'react';
import { offlineQueue } from '../../lib/offline-actions.ts';
import { type Fix, keepScreenOn, rememberPosition, toFix, worthSending } from '../../lib/position.ts';

const sentKey = (id: number) => `vm.driver.positionSent.${id}`;
const readSent = (id: number): Fix | null => {
  try {
    return JSON.parse(localStorage.getItem(sentKey(id)) ?? 'null') as Fix | null;
  } catch {
    return null;
  }
};

/**
 * While the job screen of an active job is open: watch the position, queue one every 30 s or
 * 200 m with its accuracy, keep the screen on where the browser can. Returns the last one queued
 * and whether the position is refused.
 */
export function usePositionWatch(shipmentId: number, active: boolean): { lastSent: Fix | null; denied: boolean } {
  const [lastSent, setLastSent] = useState<Fix | null>(() => readSent(shipmentId));
  const [denied, setDenied] = useState(false);
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !navigator.geolocation) return;
    let last = readSent(shipmentId);
    const watch = navigator.geolocation.watchPosition(
      (p) => {
        const fix = toFix(p);
        rememberPosition(fix);
        setDenied(false);
        if (!worthSending(last, fix)) return;
        last = fix;
        localStorage.setItem(sentKey(shipmentId), JSON.stringify(fix));
        setLastSent(fix);
        void offlineQueue().enqueue({ kind: 'position', shipmentId, lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy });
      },
      (e) => setDenied(e.code === 1),
      { enableHighAccuracy: true, maximumAge: 10_000 },
    );
    let release: (() => void) | null = null;
    let stopped = false;
    void keepScreenOn().then((r) => (stopped ? r?.() : (release = r)));
    return () => {
      stopped = true;
      navigator.geolocation.clearWatch(watch);
      release?.();
    };
  }, [shipmentId, active]);
  return { lastSent, denied };
}
