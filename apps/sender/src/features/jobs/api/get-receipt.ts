import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// GET /api/shipment/{id}/receipt: the receipt of a job's paid offer (null while nothing was paid).

export const getReceipt = (shipmentId: number, signal?: AbortSignal) => call('GET /api/shipment/:id/receipt', { params: { id: shipmentId }, signal }).then((r) => r.receipt);

/** A receipt never changes once there. */
export const receiptQuery = (shipmentId: number) =>
  queryOptions({
    queryKey: queryKeys.receipt(shipmentId),
    queryFn: ({ signal }) => getReceipt(shipmentId, signal),
    staleTime: (q) => (q.state.data ? Infinity : 0),
  });

export const useReceipt = (shipmentId: number, enabled: boolean) => useQuery({ ...receiptQuery(shipmentId), enabled });
