import type { ShipmentStateName } from '@vm/domain/shipment-states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// GET /api/shipment/{id}/receipt: the receipt of a job's paid offer (null while nothing was paid).

export const getReceipt = (shipmentId: number, signal?: AbortSignal) => call('GET /api/shipment/:id/receipt', { params: { id: shipmentId }, signal }).then((r) => r.receipt);

/**
 * A receipt's lines never change once there, but where its money is does (held, then released, or
 * refunded) as the job moves on: read again for each state of the job (`jobState`), kept otherwise.
 */
export const receiptQuery = (shipmentId: number, jobState: ShipmentStateName) =>
  queryOptions({
    queryKey: [...queryKeys.receipt(shipmentId), jobState],
    queryFn: ({ signal }) => getReceipt(shipmentId, signal),
    staleTime: (q) => (q.state.data ? Infinity : 0),
    // The page keeps showing the receipt it had while the new state's is read.
    placeholderData: (previous) => previous,
  });

export const useReceipt = (shipmentId: number, jobState: ShipmentStateName, enabled: boolean) => useQuery({ ...receiptQuery(shipmentId, jobState), enabled });
