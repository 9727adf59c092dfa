import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { shipmentQuery } from './get-shipment.ts';

// POST /api/rating: the sender rates the driver of a finalised job.

export const rateShipment = ({ shipmentId, rating }: { shipmentId: number; rating: number }) => call('POST /api/rating', { body: { shipment_id: shipmentId, rating } });

export const useRateShipment = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: rateShipment, onSuccess: (_, { shipmentId }) => client.invalidateQueries({ queryKey: shipmentQuery(shipmentId).queryKey }) });
};
