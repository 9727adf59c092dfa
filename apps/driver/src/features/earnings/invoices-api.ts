import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { readToken } from '@vm/client/token-store.ts';
import { type InvoiceRead, invoiceListSchema } from '@vm/domain/invoices';

// Issue 22 part 5: the driver's self-billed invoices and credit notes (GET /api/invoices answers a
// user's own documents), checked against the domain schema like the earnings.

export const invoicesKeys = { all: ['driver', 'invoices'] as const };

export const invoicesQuery = queryOptions({
  queryKey: invoicesKeys.all,
  queryFn: async ({ signal }): Promise<InvoiceRead[]> => invoiceListSchema.parse(await call('GET /api/invoices', { signal })).invoices,
});

export const useInvoices = () => useQuery(invoicesQuery);

/**
 * A document's download link: a plain link carries no Authorization header, so the access token
 * rides along as ?access_token= (the server accepts it on these routes and keeps it out of its log).
 */
export function downloadUrl(path: string): string {
  const token = readToken()?.access_token;
  return token ? `${path}?access_token=${encodeURIComponent(token)}` : path;
}
