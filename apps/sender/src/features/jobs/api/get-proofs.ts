import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// GET /api/shipment/{id}/proof (issue 21 part 3): the driver's proofs at pickup and delivery, where
// the sender's answer after delivery stands, and the consignment note's PDF.

export const getProofs = (shipmentId: number, signal?: AbortSignal) => call('GET /api/shipment/:id/proof', { params: { id: shipmentId }, signal });

export const proofsQuery = (shipmentId: number) => queryOptions({ queryKey: [...queryKeys.shipment(shipmentId), 'proof'] as const, queryFn: ({ signal }) => getProofs(shipmentId, signal) });

/** `revision` (the job's) refetches when the job changes: a proof or an answer changes the job. */
export const useProofs = (shipmentId: number, enabled: boolean) => useQuery({ ...proofsQuery(shipmentId), enabled });
