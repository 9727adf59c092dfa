import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { backoffMs, createOfflineQueue, type OfflineAction, type QueuedEntry, type SendOutcome } from './offline-queue.ts';

// The queue on a fake IndexedDB: a fresh database per test, a network switch the test flips, a
// server the test answers for, and the retry timer under the test's hand (no waiting on time).

let n = 0;
const opened: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.map((q) => q.close()));
  opened.length = 0;
});

function setUp(answer: (e: QueuedEntry) => SendOutcome | Promise<SendOutcome> = () => ({ ok: true })) {
  const net = { online: false };
  const sent: QueuedEntry[] = [];
  const timers: { ms: number; fn: () => void }[] = [];
  let clock = Date.UTC(2026, 10, 25, 8, 0, 0);
  let ids = 0;
  const queue = createOfflineQueue({
    dbName: `queue-test-${++n}`,
    send: async (e) => {
      sent.push(e);
      return answer(e);
    },
    isOnline: () => net.online,
    now: () => (clock += 1000),
    uuid: () => `id-${++ids}`,
    schedule: (fn, ms) => timers.push({ fn, ms }),
  });
  opened.push(queue);
  return { queue, net, sent, timers };
}

const state = (s: string, shipmentId = 7): OfflineAction => ({ kind: 'state', shipmentId, state: s });

describe('the offline queue', () => {
  it('keeps actions made offline and sends them in order, with their ids and original times, when the network returns', async () => {
    const { queue, net, sent } = setUp();
    const events = new EventTarget();
    queue.start(events as unknown as Window);
    const a = await queue.enqueue(state('onwaytopickup'));
    await queue.enqueue({ kind: 'position', shipmentId: 7, lat: 50.85, lng: 4.35, accuracy: 12 });
    await queue.enqueue(state('arrivedpickup'));
    expect(sent).toEqual([]);
    expect((await queue.snapshot()).pending.map((e) => e.id)).toEqual(['id-1', 'id-2', 'id-3']);

    net.online = true;
    events.dispatchEvent(new Event('online'));
    await queue.flush();

    expect(sent.map((e) => e.action.kind)).toEqual(['state', 'position', 'state']);
    expect(sent.map((e) => e.id)).toEqual(['id-1', 'id-2', 'id-3']);
    expect(sent[0]).toEqual({ id: 'id-1', at: a.at, action: state('onwaytopickup'), attempts: 0 });
    expect(sent[0]!.at).toBeLessThan(sent[2]!.at);
    expect(await queue.snapshot()).toEqual({ pending: [], refused: [] });
  });

  it('keeps a proof with its files across a reopened database', async () => {
    const { queue } = setUp();
    const bytes = new TextEncoder().encode('jpeg bytes').buffer;
    await queue.enqueue({ kind: 'proof', shipmentId: 7, content: { leg: 'pickup', name: 'An' }, files: [{ field: 'photo1', name: 'p.jpg', type: 'image/jpeg', bytes }] });
    await queue.close();
    const [entry] = (await queue.snapshot()).pending;
    expect(entry!.action.kind).toBe('proof');
    const file = entry!.action.kind === 'proof' ? entry!.action.files[0]! : null;
    expect(new TextDecoder().decode(file!.bytes)).toBe('jpeg bytes');
    expect(file).toMatchObject({ field: 'photo1', name: 'p.jpg', type: 'image/jpeg' });
  });

  it('puts a refused action aside with the server’s sentence, does not retry it, and sends the next ones', async () => {
    const { queue, net, sent } = setUp((e) => (e.id === 'id-1' ? { ok: false, retry: false, status: 409, message: 'Deze rit is al geleverd.' } : { ok: true }));
    await queue.enqueue(state('loaded'));
    await queue.enqueue(state('onwaytodelivery'));
    net.online = true;
    await queue.flush();
    await queue.flush();

    expect(sent.map((e) => e.id)).toEqual(['id-1', 'id-2']);
    const { pending, refused } = await queue.snapshot();
    expect(pending).toEqual([]);
    expect(refused).toMatchObject([{ id: 'id-1', status: 409, message: 'Deze rit is al geleverd.', action: state('loaded') }]);

    await queue.dismiss('id-1');
    expect((await queue.snapshot()).refused).toEqual([]);
  });

  it('stops at a network failure, keeps the order, and tries again after a growing wait', async () => {
    let down = true;
    const { queue, net, sent, timers } = setUp(() => (down ? { ok: false, retry: true } : { ok: true }));
    await queue.enqueue(state('onwaytopickup'));
    await queue.enqueue(state('arrivedpickup'));
    net.online = true;
    await queue.flush();
    expect(sent.map((e) => e.id)).toEqual(['id-1']);
    expect(timers.map((t) => t.ms)).toEqual([1000]);

    timers.shift()!.fn();
    await queue.flush();
    expect(timers.map((t) => t.ms)).toEqual([2000]);
    expect((await queue.snapshot()).pending.map((e) => [e.id, e.attempts])).toEqual([
      ['id-1', 2],
      ['id-2', 0],
    ]);

    down = false;
    timers.shift()!.fn();
    await queue.flush();
    expect(sent.map((e) => e.id)).toEqual(['id-1', 'id-1', 'id-1', 'id-2']);
    expect((await queue.snapshot()).pending).toEqual([]);
  });

  it('treats a send that throws as a network failure', async () => {
    const { queue, net, timers } = setUp(() => Promise.reject(new TypeError('Failed to fetch')));
    await queue.enqueue(state('loaded'));
    net.online = true;
    await queue.flush();
    expect((await queue.snapshot()).pending).toHaveLength(1);
    expect(timers).toHaveLength(1);
  });

  it('sends at once when online, and tells its listeners what waits', async () => {
    const { queue, net, sent } = setUp();
    const seen: number[] = [];
    queue.subscribe((s) => seen.push(s.pending.length));
    net.online = true;
    await queue.enqueue(state('onwaytopickup'));
    await queue.flush();
    expect(sent).toHaveLength(1);
    expect(seen.at(-1)).toBe(0);
    expect(seen).toContain(1);
  });

  it('sends the actions of different jobs side by side, each job’s one after the other', async () => {
    // The server answers only when the test says so: what is in flight at once is visible.
    const held: { e: QueuedEntry; answer: () => void }[] = [];
    const { queue, net, sent } = setUp((e) => new Promise<SendOutcome>((resolve) => held.push({ e, answer: () => resolve({ ok: true }) })));
    await queue.enqueue(state('onwaytopickup', 7));
    await queue.enqueue(state('nearpickup', 7));
    await queue.enqueue(state('onwaytopickup', 8));
    await queue.enqueue(state('nearpickup', 8));
    net.online = true;
    const done = queue.flush();
    const inFlight = async (n: number) => {
      await expect.poll(() => held.length).toBe(n);
      return held.map((h) => `${h.e.action.shipmentId}:${h.e.action.kind === 'state' ? h.e.action.state : ''}`);
    };

    // Both jobs' first actions at once; neither job's second before its first is answered.
    expect(await inFlight(2)).toEqual(['7:onwaytopickup', '8:onwaytopickup']);
    held.splice(1, 1)[0]!.answer();
    expect(await inFlight(2)).toEqual(['7:onwaytopickup', '8:nearpickup']);
    for (const h of held.splice(0)) h.answer();
    expect(await inFlight(1)).toEqual(['7:nearpickup']);
    held.pop()!.answer();
    await done;

    expect(sent.map((e) => e.id)).toEqual(['id-1', 'id-3', 'id-4', 'id-2']);
    expect((await queue.snapshot()).pending).toEqual([]);
  });

  it('at a network failure in one job, starts nothing more in any job and later sends what is left in each job’s order', async () => {
    let down = true;
    const held: { e: QueuedEntry; answer: (o: SendOutcome) => void }[] = [];
    const { queue, net, sent, timers } = setUp((e) => (down ? new Promise<SendOutcome>((resolve) => held.push({ e, answer: resolve })) : { ok: true }));
    await queue.enqueue(state('onwaytopickup', 7));
    await queue.enqueue(state('onwaytopickup', 8));
    await queue.enqueue(state('nearpickup', 8));
    await queue.enqueue(state('nearpickup', 7));
    net.online = true;
    const done = queue.flush();
    await expect.poll(() => held.length).toBe(2);
    // Job 8's first fails while job 7's first is on its way; job 7's then arrives.
    held[1]!.answer({ ok: false, retry: true });
    await expect.poll(async () => (await queue.snapshot()).pending.find((e) => e.id === 'id-2')?.attempts).toBe(1);
    held[0]!.answer({ ok: true });
    await done;
    expect(sent.map((e) => e.id)).toEqual(['id-1', 'id-2']);
    expect((await queue.snapshot()).pending.map((e) => [e.id, e.attempts])).toEqual([
      ['id-2', 1],
      ['id-3', 0],
      ['id-4', 0],
    ]);
    expect(timers.map((t) => t.ms)).toEqual([1000]);

    down = false;
    timers.shift()!.fn();
    await queue.flush();
    const later = sent.slice(2);
    expect([7, 8].map((job) => later.filter((e) => e.action.shipmentId === job).map((e) => e.id))).toEqual([['id-4'], ['id-2', 'id-3']]);
    expect((await queue.snapshot()).pending).toEqual([]);
  });

  it('waits 1 s, 2 s, 4 s … and never more than a minute', () => {
    expect([1, 2, 3, 4, 10].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 60_000]);
  });
});
