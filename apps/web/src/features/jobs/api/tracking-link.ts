import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The sender's public tracking link of a job. The server keeps only a hash of the token, so the
// full link is known once: in the answer that created it.

export type TrackingLinkStatus = { active: boolean; created_at: number | null };
export type CreatedTrackingLink = { url: string; token: string; created_at: number };

const statusQuery = (shipmentId: number) =>
  queryOptions({
    queryKey: ['shipments', 'one', shipmentId, 'tracking'],
    queryFn: ({ signal }) => api<TrackingLinkStatus>(`/api/shipment/${shipmentId}/tracking`, { signal }),
  });

export const useTrackingLinkStatus = (shipmentId: number, enabled: boolean) => useQuery({ ...statusQuery(shipmentId), enabled });

export const createTrackingLink = (shipmentId: number) => api<CreatedTrackingLink>(`/api/shipment/${shipmentId}/tracking`, { method: 'POST' });

export const revokeTrackingLink = (shipmentId: number) => api<null>(`/api/shipment/${shipmentId}/tracking`, { method: 'DELETE' });
