import type { InsuranceChoice } from '@vm/domain/insurance';
import type { ShipmentRead } from '@vm/domain/shipment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pollEvery, queryKeys } from '../../../lib/live.ts';
import { queryClient } from '../../../lib/query-client.ts';

const isDone = (s: ShipmentRead | undefined) => s?.current_state.state === 'finalised' || s?.current_state.state === 'cancelled';

export const shipmentQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.shipment(id),
    queryFn: ({ signal }) => api<ShipmentRead>(`/api/shipment/${id}`, { signal }),
    // The event stream refreshes a job the moment it changes; polling is only the 30 s fallback,
    // and stops once the job is done and rated.
    refetchInterval: (q) => (isDone(q.state.data) && (q.state.data?.ratings.length ?? 0) > 0 ? false : pollEvery()),
  });

export const useShipment = (id: number) => useQuery(shipmentQuery(id));

/** Every call that changes a job answers the job; keep it and refresh the lists. */
async function changed(s: ShipmentRead): Promise<ShipmentRead> {
  queryClient.setQueryData(shipmentQuery(s.id).queryKey, s);
  await queryClient.invalidateQueries({ queryKey: queryKeys.shipmentList });
  return s;
}

export const cancelShipment = (id: number) => api<ShipmentRead>(`/api/shipment/${id}/status`, { body: { state: 'cancelled' } }).then(changed);

export const changeInsurance = (id: number, insurance: InsuranceChoice) => api<ShipmentRead>(`/api/shipment/${id}`, { method: 'PUT', body: { id, insurance } }).then(changed);

export const acceptOffer = (shipmentId: number, offerId: number) => api<ShipmentRead>(`/api/shipment/${shipmentId}/offer/${offerId}`, { method: 'POST' }).then(changed);

/** Bancontact: the server starts the payment; the browser leaves for the bank and comes back with ?payment=. */
export const startBancontact = (shipmentId: number, offerId: number, returnPath: string) =>
  api<{ payment_id: number; redirect_url: string }>(`/api/shipment/${shipmentId}/offer/${offerId}/bancontact`, { body: { return_path: returnPath } });

export const confirmPayment = (paymentId: number) =>
  api<{ status: 'succeeded' | 'pending'; shipment: ShipmentRead }>(`/api/payments/${paymentId}/confirm`, { method: 'POST' }).then(async (r) => {
    await changed(r.shipment);
    return r;
  });

export async function rateShipment(shipmentId: number, rating: number): Promise<void> {
  await api('/api/rating', { body: { shipment_id: shipmentId, rating } });
  await queryClient.invalidateQueries({ queryKey: shipmentQuery(shipmentId).queryKey });
}
