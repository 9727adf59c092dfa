import type { RouteInput, RouteKey, RouteOutput } from '@vm/client/api-client.ts';
import { ApiError, routePath } from '@vm/client/api-client.ts';
import { localeTag } from '@vm/client/locale.ts';
import { clearOpsSession, readOpsSession } from './ops-session.ts';

// Calls to /api/ops with the staff session's token: never a user's token (the server would refuse
// it anyway), and no refresh either: a staff session that ends sends its holder back to sign in.

export async function opsCall<K extends RouteKey>(route: K, input: RouteInput<K>): Promise<RouteOutput<K>> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space);
  const { params, query, body, form, signal } = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; form?: FormData; signal?: AbortSignal };
  let path = routePath(route.slice(space + 1), params);
  if (query) {
    const search = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
    if (search.size) path += `?${search}`;
  }
  const headers: Record<string, string> = { 'accept-language': localeTag(), accept: 'application/json' };
  const token = readOpsSession()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  // A multipart route's FormData: the browser writes its content type with the boundary.
  const res = await fetch(path, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)), signal });
  const text = await res.text();
  const parsed = parseBody(text);
  if (!res.ok) {
    // The session ended (idle, 12 hours, signed out elsewhere): forget it, the guard shows sign-in.
    if (res.status === 401 && token && (parsed as { error?: string } | null)?.error === 'access_denied') clearOpsSession();
    const retry = Number(res.headers.get('retry-after'));
    throw new ApiError(res.status, parsed, Number.isFinite(retry) && retry > 0 ? retry : null);
  }
  return parsed as RouteOutput<K>;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
