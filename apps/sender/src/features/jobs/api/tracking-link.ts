import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type RouteOutput } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// The sender's public tracking link of a job. The server keeps only a hash of the token, so the
// full link is known once: in the answer that created it.

export type CreatedTrackingLink = RouteOutput<'POST /api/shipment/:id/tracking'>;

const statusQuery = (shipmentId: number) =>
  queryOptions({
    queryKey: queryKeys.trackingLink(shipmentId),
    queryFn: ({ signal }) => call('GET /api/shipment/:id/tracking', { params: { id: shipmentId }, signal }),
  });

export const useTrackingLinkStatus = (shipmentId: number, enabled: boolean) => useQuery({ ...statusQuery(shipmentId), enabled });

export const createTrackingLink = (shipmentId: number) => call('POST /api/shipment/:id/tracking', { params: { id: shipmentId } });

export const revokeTrackingLink = (shipmentId: number) => call('DELETE /api/shipment/:id/tracking', { params: { id: shipmentId } });
