import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import type { DriverJobRead } from '@vm/domain/marketplace';

// The driver's jobs: the accepted ones, and one job (open or accepted) by id. The Work tab's list
// is the job board (api/board.ts).

export const workKeys = { open: ['driver', 'jobs', 'open'] as const, assigned: ['driver', 'jobs', 'assigned'] as const, job: (id: number) => ['driver', 'job', id] as const };

/** One job: open for offers (towns only), or the driver's accepted job (full addresses). */
export const jobQuery = (id: number) => queryOptions({ queryKey: workKeys.job(id), queryFn: ({ signal }) => call('GET /api/driver/shipment/:id', { params: { id }, signal }) });

export const useJob = (id: number) => useQuery(jobQuery(id));

export type Job = DriverJobRead;

/** Sends (or re-prices: a new version) the driver's offer, or withdraws it. */
export function useOffer(id: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['driver', 'job'] }).then(() => client.invalidateQueries({ queryKey: ['driver', 'jobs'] }));
  return {
    send: useMutation({
      mutationFn: ({ price, vehicleId }: { price: number; vehicleId?: number }) => call('POST /api/driver/shipment/:id/offer', { params: { id }, body: vehicleId ? { price, vehicle_id: vehicleId } : { price } }),
      onSuccess: refresh,
    }),
    withdraw: useMutation({ mutationFn: () => call('DELETE /api/driver/shipment/:id/offer', { params: { id } }), onSuccess: refresh }),
  };
}
