import type { PushRead } from '@vm/domain/events';
import { useEffect, useSyncExternalStore } from 'react';
import { call } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { useSignedIn } from './session.ts';

// The live event stream (ARCHITECTURE "Events"): one EventSource per signed-in tab. EventSource
// cannot send a bearer header, so each connection starts with a fresh single-use stream token
// from POST /api/firebase_token (through call(), so an expired access token is refreshed first).
// On any error we close that connection and open a new one with a new token and the id of the
// last message received, so the server replays what fell in the gap and nothing is lost.

type TokenAnswer = { token: string; expires_in: number; stream_url: string; pushes: PushRead[] };
type Listener = (push: PushRead) => void;

/** What the stream needs from the outside world; tests replace it with fakes. */
export type StreamDeps = {
  fetchToken: () => Promise<TokenAnswer>;
  open: (url: string) => EventSource;
  onPush: (push: PushRead) => void;
};

const defaultDeps: StreamDeps = {
  // The server parses each push's type and payload together (the event union) before sending, so
  // each payload is its type's, though the contract's push schema types it as a record.
  fetchToken: () => call('POST /api/firebase_token', {}).then((answer) => answer as TokenAnswer),
  open: (url) => new EventSource(url),
  // Loaded with the first push: only a signed-in tab gets any.
  onPush: (push) => void import('./event-invalidation.ts').then(({ invalidateFor }) => invalidateFor(queryClient, push)),
};

export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;
/** 1 s, 2 s, 4 s … at most 30 s. */
export const retryDelay = (attempt: number) => Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS);

export function createEventStream(deps: StreamDeps = defaultDeps) {
  const listeners = new Set<Listener>();
  const statusListeners = new Set<() => void>();
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  // Bumped on every stop and reconnect, so an answer that arrives late opens nothing.
  let generation = 0;
  let attempt = 0;
  let lastId: number | null = null;
  let connected = false;
  let seed: PushRead[] = [];

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    for (const l of statusListeners) l();
  };

  const closeSource = () => {
    if (source) {
      source.onopen = source.onmessage = source.onerror = null;
      source.close();
      source = null;
    }
  };

  const scheduleReconnect = () => {
    closeSource();
    setConnected(false);
    if (!running) return;
    const delay = retryDelay(attempt);
    attempt += 1;
    generation += 1;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
  };

  const receive = (event: MessageEvent<string>) => {
    let push: PushRead;
    try {
      push = JSON.parse(event.data) as PushRead;
    } catch {
      return;
    }
    lastId = Number(event.lastEventId) || push.id;
    deps.onPush(push);
    for (const l of listeners) l(push);
  };

  async function connect(): Promise<void> {
    const mine = ++generation;
    let answer: TokenAnswer;
    try {
      answer = await deps.fetchToken();
    } catch {
      if (mine === generation) scheduleReconnect();
      return;
    }
    if (mine !== generation || !running) return;
    if (lastId === null && seed.length === 0) seed = answer.pushes;
    const resume = lastId !== null ? `&last_event_id=${lastId}` : '';
    const es = deps.open(`${answer.stream_url}?token=${encodeURIComponent(answer.token)}${resume}`);
    source = es;
    es.onopen = () => {
      attempt = 0;
      setConnected(true);
    };
    es.onmessage = receive;
    // The token is spent: EventSource's own retry would be refused, so we always start over.
    es.onerror = () => {
      if (source === es) scheduleReconnect();
    };
  }

  return {
    start() {
      if (running) return;
      running = true;
      attempt = 0;
      void connect();
    },
    /** On logout: close, forget the position and the seed (the next user starts fresh). */
    stop() {
      running = false;
      generation += 1;
      if (timer) clearTimeout(timer);
      timer = null;
      closeSource();
      setConnected(false);
      lastId = null;
      seed = [];
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStatus(listener: () => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    isConnected: () => connected,
    /** The last 5 pushes the token call returned: the push list's first content. */
    seededPushes: () => seed,
    lastEventId: () => lastId,
  };
}

export type EventStream = ReturnType<typeof createEventStream>;

/** The app's one stream. */
export const eventStream = createEventStream();

/** Runs the stream while someone is signed in (login starts it, logout stops it). */
export function useEventStreamWhileSignedIn(): void {
  const signedIn = useSignedIn();
  useEffect(() => {
    if (!signedIn) return;
    eventStream.start();
    return () => eventStream.stop();
  }, [signedIn]);
}

/** Calls the listener with each push as it arrives. */
export function usePushListener(listener: Listener): void {
  useEffect(() => eventStream.subscribe(listener), [listener]);
}

/** True while the stream is open. */
export function useStreamConnected(): boolean {
  return useSyncExternalStore(eventStream.onStatus, eventStream.isConnected);
}
