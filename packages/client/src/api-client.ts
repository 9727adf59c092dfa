import type { FieldError } from '@vm/domain';
import type { ApiRoutes } from '@vm/domain/api-routes';
import type { z } from 'zod';
import { localeTag } from './locale.ts';
import { readToken, type StoredToken, underRefreshLock, writeToken } from './token-store.ts';

// Every call to our server goes through here: bearer header, Accept-Language of the chosen
// language (nl-BE, fr-BE or en-GB, locale.ts), and on a
// 401 access_denied one silent refresh (shared by all requests waiting at that moment, and by all
// tabs of the browser) and a retry.

export const CLIENT_ID = 'web';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    /** Seconds to wait from a 429's Retry-After header, or null. */
    readonly retryAfter: number | null = null,
  ) {
    super(ApiError.describe(body) ?? `HTTP ${status}`);
  }

  /** The list of {field, message} of a 400, or []. */
  get fieldErrors(): FieldError[] {
    return Array.isArray(this.body) ? (this.body as FieldError[]) : [];
  }

  static describe(body: unknown): string | null {
    if (Array.isArray(body)) return (body as FieldError[]).map((e) => e.message).join(' ');
    if (body && typeof body === 'object' && 'error_description' in body) return String((body as { error_description: unknown }).error_description);
    return null;
  }
}

export type TokenResponse = { access_token: string; refresh_token?: string; expires_in: number };

let onSessionEnded: () => void = () => undefined;
/** What to do when the refresh token is refused: the app goes to /login. */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function requestToken(form: Record<string, string>): Promise<TokenResponse> {
  const res = await fetch('/oauth/access_token', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': localeTag() },
    body: JSON.stringify({ client_id: CLIENT_ID, scope: 'app', ...form }),
  });
  const body = await parse(res);
  if (!res.ok) throw new ApiError(res.status, body);
  return body as TokenResponse;
}

export function storeTokens(t: TokenResponse): StoredToken {
  const stored = { access_token: t.access_token, refresh_token: t.refresh_token ?? '', expires_at: Date.now() + t.expires_in * 1000 };
  writeToken(stored);
  return stored;
}

let refreshing: { refused: string | undefined; result: Promise<StoredToken | null> } | null = null;

/**
 * One refresh at a time; every request that meets a 401 meanwhile waits for the same one.
 * `refused` is the access token the server has just refused. Under the cross-tab lock the stored
 * token is read again: when another tab has already rotated it, that token is the answer and no
 * refresh token is spent twice.
 */
export function refreshOnce(refused?: string): Promise<StoredToken | null> {
  if (refreshing && refreshing.refused === refused) return refreshing.result;
  const result = underRefreshLock(async () => {
    const current = readToken();
    if (!current?.refresh_token) return null;
    if (current.access_token !== refused) return current;
    try {
      return storeTokens(await requestToken({ grant_type: 'refresh_token', refresh_token: current.refresh_token }));
    } catch (err) {
      // 'The refresh token is invalid.' (or any refusal): the session is over.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        writeToken(null);
        onSessionEnded();
      }
      return null;
    }
  });
  const entry = { refused, result };
  refreshing = entry;
  void result.finally(() => {
    if (refreshing === entry) refreshing = null;
  });
  return result;
}

type Options = { method?: string; body?: unknown; form?: FormData; bearer?: string; signal?: AbortSignal };

/**
 * A JSON call to /api with the stored token (or an explicit bearer, e.g. a client token): the
 * transport under call(). Screens and features use call() with a route of the contract.
 */
export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  const send = (token: string | undefined) => {
    const headers: Record<string, string> = { 'accept-language': localeTag(), accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    return fetch(path, { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body, signal: opts.signal });
  };

  const sent = opts.bearer ?? readToken()?.access_token;
  let res = await send(sent);
  if (res.status === 401 && !opts.bearer) {
    const body = (await parse(res)) as { error?: string } | null;
    if (body?.error !== 'access_denied') throw new ApiError(401, body);
    const renewed = await refreshOnce(sent);
    if (!renewed) throw new ApiError(401, body);
    res = await send(renewed.access_token);
  }
  const body = await parse(res);
  if (!res.ok) throw new ApiError(res.status, body, retryAfterSeconds(res));
  return body as T;
}

/** Retry-After in seconds (RFC 9110: a number of seconds or an HTTP date); null when absent. */
function retryAfterSeconds(res: Response): number | null {
  const value = res.headers.get('retry-after');
  if (!value) return null;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : Math.ceil((Date.parse(value) - Date.now()) / 1000);
  return Number.isFinite(seconds) ? Math.max(0, seconds) : null;
}

/** A protected image (SPEC section 7) as a blob: URL, fetched with the bearer header. */
export async function fetchImageUrl(path: string, signal?: AbortSignal): Promise<string> {
  const get = (token?: string) => fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  const sent = readToken()?.access_token;
  let res = await get(sent);
  if (res.status === 401) {
    const renewed = await refreshOnce(sent);
    if (renewed) res = await get(renewed.access_token);
  }
  if (!res.ok) throw new ApiError(res.status, null);
  return URL.createObjectURL(await res.blob());
}

// The typed client: a call names its route as 'METHOD /path' of the contract (apiRoutes in
// @vm/domain), and the compiler checks its path parameters, query, body and answer against the
// route's schemas. Only types are imported: the contract's schemas stay out of the bundle.

type Route = ApiRoutes[keyof ApiRoutes];
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
/** Every route of the contract as 'GET /api/shipment/:id'. */
export type RouteKey = KeyOf<Route>;
type RouteAt<K extends RouteKey> = Extract<Route, { method: K extends `${infer M} ${string}` ? M : never; path: K extends `${string} ${infer P}` ? P : never }>;
type Schema<R, F extends string> = R extends { [key in F]: infer S extends z.ZodType } ? S : never;
type Part<R, F extends string, Name extends string> = [Schema<R, F>] extends [never] ? { [key in Name]?: never } : { [key in Name]: z.input<Schema<R, F>> };
/** What a call sends: params, query and body as the route declares them (a multipart route takes a FormData). */
export type RouteInput<K extends RouteKey> = Part<RouteAt<K>, 'params', 'params'> &
  Part<RouteAt<K>, 'querystring', 'query'> &
  Part<RouteAt<K>, 'body', 'body'> &
  (RouteAt<K> extends { multipart: z.ZodType } ? { form: FormData } : { form?: never }) & { bearer?: string; signal?: AbortSignal };
type Answer<R> = R extends { response: infer A } ? A[keyof A & (200 | 201 | 204)] : never;
/** The route's success answer, as the server serialises it. */
export type RouteOutput<K extends RouteKey> = Answer<RouteAt<K>> extends infer S extends z.ZodType ? z.output<S> : never;

/** '/api/shipment/:id' with { id: 3 } gives '/api/shipment/3'. */
export function routePath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(params[name]));
  });
}

/** Calls a route of the contract through api(): bearer, refresh and errors as for any call. */
export function call<K extends RouteKey>(route: K, input: RouteInput<K>): Promise<RouteOutput<K>> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space);
  const { params, query, body, form, bearer, signal } = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; form?: FormData; bearer?: string; signal?: AbortSignal };
  let path = routePath(route.slice(space + 1), params);
  if (query) {
    const search = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
    if (search.size) path += `?${search}`;
  }
  return api<RouteOutput<K>>(path, { method, body, form, bearer, signal });
}
