import type { FieldError } from '@vm/domain';
import { readToken, type StoredToken, underRefreshLock, writeToken } from './token-store.ts';

// Every call to our server goes through here: bearer header, Accept-Language nl-BE, and on a
// 401 access_denied one silent refresh (shared by all requests waiting at that moment, and by all
// tabs of the browser) and a retry.

export const CLIENT_ID = 'web';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
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
    headers: { 'content-type': 'application/json', 'accept-language': 'nl-BE' },
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

/** A JSON call to /api with the stored token (or an explicit bearer, e.g. a client token). */
export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  const send = (token: string | undefined) => {
    const headers: Record<string, string> = { 'accept-language': 'nl-BE', accept: 'application/json' };
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
  if (!res.ok) throw new ApiError(res.status, body);
  return body as T;
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
