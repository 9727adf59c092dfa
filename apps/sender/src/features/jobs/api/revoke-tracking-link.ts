import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// DELETE /api/shipment/{id}/tracking: the public link stops working.

export const revokeTrackingLink = (shipmentId: number) => call('DELETE /api/shipment/:id/tracking', { params: { id: shipmentId } });

/** The link's status is read again before the mutation settles. */
export const useRevokeTrackingLink = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: revokeTrackingLink, onSuccess: (_, shipmentId) => client.invalidateQueries({ queryKey: queryKeys.trackingLink(shipmentId) }) });
};
