import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import type { BoardItem, BoardSort } from '@vm/domain/job-board';
import { useCallback, useEffect, useState } from 'react';

// The Work tab's job board (GET /api/driver/board, decision 0027): near the phone's position or
// along a route the driver enters, newest or nearest first, a page at a time. The keys sit under
// ['driver', 'jobs'], so whatever refreshes the jobs (an offer sent, an event) refreshes the board.

export const RADII = [10, 25, 50, 100] as const;
export const DETOURS = [5, 10, 25, 50] as const;
export type Radius = (typeof RADII)[number];
export type Detour = (typeof DETOURS)[number];
export type Place = { label: string; lat: number; lng: number };
export type BoardMode = 'position' | 'route';
export type BoardView = 'list' | 'map';

/** What the driver chose last; kept on the phone (localStorage) for the next visit. */
export type BoardChoice = { mode: BoardMode; radius: Radius; detour: Detour; sort: BoardSort; view: BoardView; from: Place | null; to: Place | null };

export const DEFAULT_CHOICE: BoardChoice = { mode: 'position', radius: 25, detour: 10, sort: 'newest', view: 'list', from: null, to: null };
const STORAGE_KEY = 'vm.driver.board';

const isPlace = (p: unknown): p is Place => !!p && typeof p === 'object' && typeof (p as Place).label === 'string' && Number.isFinite((p as Place).lat) && Number.isFinite((p as Place).lng);

/** The stored choice, each field checked (an old or damaged entry falls back field by field). */
export function readChoice(): BoardChoice {
  let raw: Partial<Record<keyof BoardChoice, unknown>> = {};
  try {
    raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as typeof raw;
  } catch {
    raw = {};
  }
  const pick = <T,>(value: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);
  return {
    mode: pick(raw.mode, ['position', 'route'] as const, DEFAULT_CHOICE.mode),
    radius: pick(raw.radius, RADII, DEFAULT_CHOICE.radius),
    detour: pick(raw.detour, DETOURS, DEFAULT_CHOICE.detour),
    sort: pick(raw.sort, ['newest', 'nearest'] as const, DEFAULT_CHOICE.sort),
    view: pick(raw.view, ['list', 'map'] as const, DEFAULT_CHOICE.view),
    from: isPlace(raw.from) ? raw.from : null,
    to: isPlace(raw.to) ? raw.to : null,
  };
}

/** The driver's last choice, remembered as it changes. */
export function useBoardChoice() {
  const [choice, setChoice] = useState<BoardChoice>(readChoice);
  useEffect(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(choice));
    } catch {
      // Private mode without storage: the choice lasts for this visit.
    }
  }, [choice]);
  const update = useCallback((change: Partial<BoardChoice>) => setChoice((c) => ({ ...c, ...change })), []);
  return [choice, update] as const;
}

/** The phone's position, as the Geolocation API gives it (accuracy in metres). */
export type Position = { lat: number; lng: number; accuracy: number };
export type Locating = { status: 'idle' | 'locating' | 'unsupported' | 'denied' | 'unavailable' } | { status: 'found'; position: Position };

/** Asks for the position while `wanted` (the first time, the browser asks the driver); `retry` asks again. */
export function usePosition(wanted: boolean): { state: Locating; retry: () => void } {
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const [attempt, setAttempt] = useState(0);
  // The last answer, with the attempt it answers (a retry shows "locating" until its own answer).
  const [answer, setAnswer] = useState<{ attempt: number; value: Locating } | null>(null);
  useEffect(() => {
    if (!wanted || !supported) return;
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (p) => live && setAnswer({ attempt, value: { status: 'found', position: { lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy } } }),
      (e) => live && setAnswer({ attempt, value: { status: e.code === e.PERMISSION_DENIED ? 'denied' : 'unavailable' } }),
      // A position up to a minute old is good enough for a board measured in km.
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 60_000 },
    );
    return () => {
      live = false;
    };
  }, [wanted, supported, attempt]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  let state: Locating;
  if (!supported) state = { status: 'unsupported' };
  else if (!wanted) state = { status: 'idle' };
  // A position already found stays on screen while a new one is asked for.
  else if (answer && (answer.attempt === attempt || answer.value.status === 'found')) state = answer.value;
  else state = { status: 'locating' };
  return { state, retry };
}

/** The board's area as the querystring has it, or null while it is not known yet. */
export type BoardArea = { lat: number; lng: number; radius_km: number } | { from_lat: number; from_lng: number; to_lat: number; to_lng: number; detour_km: number };

/** Rounded to about 100 m: the query key does not change with every metre the phone moves. */
const round = (x: number) => Math.round(x * 1000) / 1000;

export function boardArea(choice: BoardChoice, position: Position | null): BoardArea | null {
  if (choice.mode === 'position') return position ? { lat: round(position.lat), lng: round(position.lng), radius_km: choice.radius } : null;
  if (!choice.from || !choice.to) return null;
  return { from_lat: round(choice.from.lat), from_lng: round(choice.from.lng), to_lat: round(choice.to.lat), to_lng: round(choice.to.lng), detour_km: choice.detour };
}

export const boardKey = ['driver', 'jobs', 'board'] as const;

/** The board's pages for an area and an order; the next page comes with "more". */
export function useBoard(area: BoardArea | null, sort: BoardSort) {
  return useInfiniteQuery({
    queryKey: [...boardKey, area, sort],
    enabled: area !== null,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => call('GET /api/driver/board', { query: { ...area!, sort, offset: pageParam }, signal }),
    getNextPageParam: (last) => last.next_offset ?? undefined,
  });
}

export type { BoardItem };
