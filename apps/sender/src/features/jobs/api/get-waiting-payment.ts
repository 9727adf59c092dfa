import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// GET /api/shipment/{id}/payment: the job's Bancontact payment still at the bank (the sender
// closed that tab), or null. Refreshed with the job (its key starts with the job's).

export const getWaitingPayment = (shipmentId: number, signal?: AbortSignal) => call('GET /api/shipment/:id/payment', { params: { id: shipmentId }, signal }).then((r) => r.payment);

export const waitingPaymentQuery = (shipmentId: number) => queryOptions({ queryKey: queryKeys.waitingPayment(shipmentId), queryFn: ({ signal }) => getWaitingPayment(shipmentId, signal) });

export const useWaitingPayment = (shipmentId: number, enabled: boolean) => useQuery({ ...waitingPaymentQuery(shipmentId), enabled });
