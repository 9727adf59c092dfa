import { SHIPMENT_STATE } from '@vm/domain/shipment-states';
import type { ShipmentRead } from '@vm/domain/shipment';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { pollEvery } from '@vm/client/live.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// GET /api/shipment/{id}: one job as its sender sees it.

const isDone = (s: ShipmentRead | undefined) => (s ? SHIPMENT_STATE[s.current_state.state].terminal : false);

export const getShipment = (id: number, signal?: AbortSignal) => call('GET /api/shipment/:id', { params: { id }, signal });

export const shipmentQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.shipment(id),
    queryFn: ({ signal }) => getShipment(id, signal),
    // The event stream refreshes a job the moment it changes; polling is only the 30 s fallback,
    // and stops once the job is done and rated.
    refetchInterval: (q) => (isDone(q.state.data) && (q.state.data?.ratings.length ?? 0) > 0 ? false : pollEvery()),
  });

export const useShipment = (id: number) => useQuery(shipmentQuery(id));

/** Every call that changes a job answers the job: keep it, and refresh the job lists. */
export async function keepChangedShipment(client: QueryClient, s: ShipmentRead): Promise<void> {
  client.setQueryData(shipmentQuery(s.id).queryKey, s);
  await client.invalidateQueries({ queryKey: queryKeys.shipmentList });
}

/** Reads a job again now (after a 409 that says it changed) and waits for the answer. */
export const refreshShipment = (client: QueryClient, id: number) => client.invalidateQueries({ queryKey: queryKeys.shipment(id) });
