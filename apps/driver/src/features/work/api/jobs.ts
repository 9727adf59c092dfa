import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import type { DriverJobRead } from '@vm/domain/marketplace';

// The Work tab's data. The open-jobs list is fed by this one hook: when the job board
// (GET /api/driver/board) lands, only `openJobsQuery` changes.

export const workKeys = { open: ['driver', 'jobs', 'open'] as const, assigned: ['driver', 'jobs', 'assigned'] as const, job: (id: number) => ['driver', 'job', id] as const };

export const openJobsQuery = queryOptions({ queryKey: workKeys.open, queryFn: ({ signal }) => call('GET /api/driver/shipments', { query: { scope: 'open' }, signal }) });
export const assignedJobsQuery = queryOptions({ queryKey: workKeys.assigned, queryFn: ({ signal }) => call('GET /api/driver/shipments', { query: { scope: 'assigned' }, signal }) });
/**
 * One job: an open one as the open list has it (GET /api/driver/shipment/:id answers only the
 * driver's accepted jobs, with their full addresses), else the driver's accepted job.
 */
export const jobQuery = (id: number) =>
  queryOptions({
    queryKey: workKeys.job(id),
    queryFn: async ({ signal }) => {
      const open = await call('GET /api/driver/shipments', { query: { scope: 'open' }, signal });
      return open.find((j) => j.id === id) ?? call('GET /api/driver/shipment/:id', { params: { id }, signal });
    },
  });

/** The open jobs a driver can bid on, newest first. */
export const useOpenJobs = () => useQuery(openJobsQuery);
export const useAssignedJobs = () => useQuery(assignedJobsQuery);
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
