import type { ShipmentRead } from '@vm/domain/shipment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** SPEC section 9: lists are polled every 30 s; the server answers 304 while nothing changed. */
export const POLL_MS = 30_000;

export const senderShipmentsQuery = queryOptions({
  queryKey: ['shipments', 'sender'],
  queryFn: ({ signal }) => api<ShipmentRead[]>('/api/shipment/sender', { signal }),
  refetchInterval: POLL_MS,
});

export const useSenderShipments = () => useQuery(senderShipmentsQuery);
