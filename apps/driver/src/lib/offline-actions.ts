import { api, ApiError } from '@vm/client/api-client.ts';
import { createOfflineQueue, type QueuedEntry, type SendOutcome } from './offline-queue.ts';

// How a kept action goes to the server: each carries its client-made id and its original time
// (`client_id`, `at` in unix seconds; a proof's time is `taken_at`), which the server uses to take it once and to date it.

const path = (e: QueuedEntry, tail: string) => `/api/driver/shipment/${e.action.shipmentId}/${tail}`;
const seconds = (e: QueuedEntry) => Math.floor(e.at / 1000);
const stamp = (e: QueuedEntry) => ({ client_id: e.id, at: seconds(e) });

async function post(e: QueuedEntry): Promise<unknown> {
  const a = e.action;
  switch (a.kind) {
    case 'state':
      return api(path(e, 'status'), { method: 'POST', body: { state: a.state, ...stamp(e) } });
    case 'position':
      return api(path(e, 'location'), { method: 'POST', body: { lat: a.lat, lng: a.lng, ...(a.accuracy === undefined ? {} : { accuracy_m: a.accuracy }), ...stamp(e) } });
    case 'proof': {
      const form = new FormData();
      // A proof's time is `taken_at` (the proof schema's name), not `at`.
      form.append('content', JSON.stringify({ ...a.content, client_id: e.id, taken_at: seconds(e) }));
      for (const f of a.files) form.append(f.field, new Blob([f.bytes], { type: f.type }), f.name);
      return api(path(e, 'proof'), { method: 'POST', form });
    }
  }
}

/** A 4xx (but a 408 or 429) is the server's final word; anything else is tried again. */
export async function sendQueued(e: QueuedEntry): Promise<SendOutcome> {
  try {
    await post(e);
    return { ok: true };
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429) return { ok: false, retry: false, status: err.status, message: err.message };
    return { ok: false, retry: true };
  }
}

let queue: ReturnType<typeof createOfflineQueue> | null = null;
/** The app's one queue (created on first use, so the first route does not open IndexedDB). */
export function offlineQueue() {
  if (!queue) {
    queue = createOfflineQueue({ send: sendQueued });
    queue.start();
  }
  return queue;
}
