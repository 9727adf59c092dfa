import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { pollEvery } from '@vm/client/live.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

/** SPEC section 9: lists are polled every 30 s (the stream updates them at once); 304 while nothing changed. */
export const senderShipmentsQuery = queryOptions({
  queryKey: queryKeys.shipmentList,
  queryFn: ({ signal }) => call('GET /api/shipment/sender', { signal }),
  refetchInterval: () => pollEvery(),
});

export const useSenderShipments = () => useQuery(senderShipmentsQuery);
