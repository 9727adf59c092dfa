import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, refreshOnce } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';
import { readToken } from '../token-store.ts';

// GET /api/invoices (issue 22): the signed-in user's own invoices and credit notes, newest first.
// Read by the sender's Invoices page; the driver's self-billed documents come from the same call.

export const getInvoices = (signal?: AbortSignal) => call('GET /api/invoices', { signal });

export const invoicesQuery = queryOptions({ queryKey: queryKeys.invoices, queryFn: ({ signal }) => getInvoices(signal) });

export const useInvoices = () => useQuery(invoicesQuery);

/**
 * A download (`pdf_url`, `ubl_url`) as a plain link: a link cannot send the bearer header, so the
 * access token rides in `?access_token=` (the server accepts it on these routes and never logs it).
 */
export function downloadUrl(url: string, accessToken: string | undefined): string {
  if (!accessToken) return url;
  return `${url}${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(accessToken)}`;
}

/** A link is followed without the client's 401 retry: a token that expires within this margin is renewed first. */
const MARGIN_MS = 30_000;

/** The stored access token while it is still valid for a link, else undefined (the link must renew it first). */
export function linkToken(now = Date.now()): string | undefined {
  const stored = readToken();
  return stored && stored.expires_at - MARGIN_MS > now ? stored.access_token : undefined;
}

/**
 * The access token a download link should carry now: the stored one, or, when it has expired (a
 * page left open longer than the token lives), a renewed one (the same shared refresh as a call's).
 */
export async function freshAccessToken(now = Date.now()): Promise<string | undefined> {
  const valid = linkToken(now);
  if (valid) return valid;
  const stored = readToken();
  return stored ? (await refreshOnce(stored.access_token))?.access_token : undefined;
}
