import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type RouteOutput } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// POST /api/shipment/{id}/tracking: a new public link (an older one stops working). The full link
// is in this answer only.

export type CreatedTrackingLink = RouteOutput<'POST /api/shipment/:id/tracking'>;

export const createTrackingLink = (shipmentId: number) => call('POST /api/shipment/:id/tracking', { params: { id: shipmentId } });

/** The link's status is read again before the mutation settles. */
export const useCreateTrackingLink = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createTrackingLink, onSuccess: (_, shipmentId) => client.invalidateQueries({ queryKey: queryKeys.trackingLink(shipmentId) }) });
};
