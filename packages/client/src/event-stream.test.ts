import type { PushRead } from '@vm/domain/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventStream, type StreamDeps } from './event-stream.ts';

// A stand-in for the browser's EventSource: the test opens, feeds and breaks it by hand.
class FakeEventSource {
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  emit(push: PushRead) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(push), lastEventId: String(push.id) }));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

const push = (id: number, type: PushRead['type'] = 'shipment.state.changed'): PushRead => ({
  id,
  type,
  shipment_id: 7,
  created_at: 1_700_000_000 + id,
  read_at: null,
  json_message: { nl: `melding ${id}`, fr: `notification ${id}`, en: `push ${id}` },
  payload: { reference: 'VM-7', state: 'loading' },
});

function setUp() {
  const sources: FakeEventSource[] = [];
  let tokens = 0;
  const deps: StreamDeps = {
    fetchToken: vi.fn(async () => ({ token: `tok-${++tokens}`, expires_in: 60, stream_url: '/api/events', pushes: [push(1)] })),
    open: (url) => {
      const s = new FakeEventSource(url);
      sources.push(s);
      return s as unknown as EventSource;
    },
    onPush: vi.fn(),
  };
  return { stream: createEventStream(deps), sources, deps };
}

afterEach(() => vi.useRealTimers());

describe('event stream', () => {
  it('delivers pushes and, after an error, reconnects with a new token and the last id received', async () => {
    vi.useFakeTimers();
    const { stream, sources, deps } = setUp();
    const received: number[] = [];
    stream.subscribe((p) => received.push(p.id));

    stream.start();
    await vi.waitFor(() => expect(sources).toHaveLength(1));
    expect(sources[0]!.url).toBe('/api/events?token=tok-1');
    sources[0]!.open();
    expect(stream.isConnected()).toBe(true);
    expect(stream.seededPushes().map((p) => p.id)).toEqual([1]);

    sources[0]!.emit(push(41));
    sources[0]!.emit(push(42, 'shipment.location'));
    expect(received).toEqual([41, 42]);
    expect(deps.onPush).toHaveBeenCalledTimes(2);

    sources[0]!.fail();
    expect(sources[0]!.closed).toBe(true);
    expect(stream.isConnected()).toBe(false);
    // First retry after 1 s, not before.
    await vi.advanceTimersByTimeAsync(999);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(sources).toHaveLength(2));
    expect(sources[1]!.url).toBe('/api/events?token=tok-2&last_event_id=42');

    // A replayed message after reconnecting moves the position on.
    sources[1]!.open();
    sources[1]!.emit(push(43));
    expect(received).toEqual([41, 42, 43]);
    expect(stream.lastEventId()).toBe(43);
    stream.stop();
  });

  it('backs off 1 s, 2 s, 4 s while connecting keeps failing, and starts over after a success', async () => {
    vi.useFakeTimers();
    const { stream, sources } = setUp();
    stream.start();
    await vi.waitFor(() => expect(sources).toHaveLength(1));
    sources[0]!.fail();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sources).toHaveLength(2);
    sources[1]!.fail();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sources).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(3);
    sources[2]!.fail();
    await vi.advanceTimersByTimeAsync(3_999);
    expect(sources).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(4);
    sources[3]!.open();
    sources[3]!.fail();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sources).toHaveLength(5);
    stream.stop();
  });

  it('stops on logout: the connection closes and no retry opens another', async () => {
    vi.useFakeTimers();
    const { stream, sources, deps } = setUp();
    stream.start();
    await vi.waitFor(() => expect(sources).toHaveLength(1));
    sources[0]!.fail();
    stream.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources).toHaveLength(1);
    expect(deps.fetchToken).toHaveBeenCalledTimes(1);
    expect(stream.lastEventId()).toBeNull();
  });

  it('retries when the token call itself fails', async () => {
    vi.useFakeTimers();
    const { stream, sources, deps } = setUp();
    vi.mocked(deps.fetchToken).mockRejectedValueOnce(new Error('offline'));
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sources).toHaveLength(1);
    expect(sources[0]!.url).toBe('/api/events?token=tok-1');
    stream.stop();
  });
});
