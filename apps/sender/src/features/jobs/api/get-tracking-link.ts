import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// GET /api/shipment/{id}/tracking: whether the job has a public tracking link, and since when. The
// server keeps only a hash of the token, so the link itself is known only to the answer that
// created it (create-tracking-link.ts).

export const getTrackingLink = (shipmentId: number, signal?: AbortSignal) => call('GET /api/shipment/:id/tracking', { params: { id: shipmentId }, signal });

export const trackingLinkQuery = (shipmentId: number) => queryOptions({ queryKey: queryKeys.trackingLink(shipmentId), queryFn: ({ signal }) => getTrackingLink(shipmentId, signal) });

export const useTrackingLinkStatus = (shipmentId: number, enabled: boolean) => useQuery({ ...trackingLinkQuery(shipmentId), enabled });
