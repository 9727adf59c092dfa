import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag } from '@vm/client/locale.ts';
import type { QueueSnapshot } from '../lib/offline-queue.ts';

const subscribeOnline = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};

/** Offline: a banner and how many actions wait; a refused action with the server's reason until read. */
export function OfflineStatus() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const [queue, setQueue] = useState<QueueSnapshot | null>(null);
  const [dismiss, setDismiss] = useState<((id: string) => void) | null>(null);
  useEffect(() => {
    // IndexedDB and the queue's code load after the first paint, only where there is IndexedDB.
    if (typeof indexedDB === 'undefined') return;
    let stop: () => void = () => undefined;
    let cancelled = false;
    void import('../lib/offline-actions.ts').then(({ offlineQueue }) => {
      if (cancelled) return;
      const q = offlineQueue();
      stop = q.subscribe(setQueue);
      setDismiss(() => (id: string) => void q.dismiss(id));
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, []);
  const waiting = queue?.pending.length ?? 0;
  const time = (ms: number) => new Intl.DateTimeFormat(localeTag(), { hour: '2-digit', minute: '2-digit' }).format(ms);
  if (online && !waiting && !queue?.refused.length) return null;
  return (
    <div className="offline-status">
      {!online && (
        <p className="offline-banner" role="status">
          {t('offline.banner')}
        </p>
      )}
      {waiting > 0 && <p role="status">{t('offline.queued', { count: waiting })}</p>}
      {queue?.refused.map((r) => (
        <p key={r.id} className="form-error" role="alert">
          {t('offline.refused', { time: time(r.at), reason: r.message })}{' '}
          <button type="button" className="button button-secondary button-small" onClick={() => dismiss?.(r.id)}>
            {t('offline.dismiss')}
          </button>
        </p>
      ))}
    </div>
  );
}
