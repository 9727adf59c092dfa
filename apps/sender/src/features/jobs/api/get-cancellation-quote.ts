import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// GET /api/shipment/{id}/cancellation: what cancelling costs now (issue 22, the ladder), read each
// time the cancel dialog opens, never from an old cache: the fee depends on the clock.

export const getCancellationQuote = (id: number, signal?: AbortSignal) => call('GET /api/shipment/:id/cancellation', { params: { id }, signal });

export const cancellationQuoteQuery = (id: number) => queryOptions({ queryKey: queryKeys.cancellationQuote(id), queryFn: ({ signal }) => getCancellationQuote(id, signal), staleTime: 0, gcTime: 0 });

export const useCancellationQuote = (id: number, enabled: boolean) => useQuery({ ...cancellationQuoteQuery(id), enabled });
