import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type RouteInput } from '@vm/client/api-client.ts';
import { driverAccountKeys, useProfile, useVehicles } from '../../../lib/driver-account.ts';

// The driver's joining data: profile (status and what is missing), vehicles and documents.

export const onboardingKeys = { ...driverAccountKeys, documents: ['driver', 'documents'] as const };

export const documentsQuery = queryOptions({ queryKey: onboardingKeys.documents, queryFn: ({ signal }) => call('GET /api/driver/documents', { signal }) });

export { useProfile, useVehicles };
export const useDocuments = () => useQuery(documentsQuery);

/** After any change the checklist is read again (the server says what is still missing). */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ['driver'] })]);
}

export type VehicleBody = RouteInput<'POST /api/driver/vehicles'>['body'];

export function useSaveVehicle(id: number | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: VehicleBody) => (id === null ? call('POST /api/driver/vehicles', { body }) : call('PUT /api/driver/vehicles/:id', { params: { id }, body })),
    onSuccess: refresh,
  });
}

export function useRemoveVehicle() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => call('DELETE /api/driver/vehicles/:id', { params: { id } }), onSuccess: refresh });
}

export function useUploadDocument() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ kind, expires, file }: { kind: string; expires: string; file: File }) => {
      const form = new FormData();
      form.append('content', JSON.stringify({ kind, expires, file: 'file' }));
      form.append('file', file);
      return call('POST /api/driver/documents', { form });
    },
    onSuccess: refresh,
  });
}

export function useAskVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/driver/verification', {}),
    onSuccess: (answer) => {
      client.setQueryData(onboardingKeys.profile, answer);
      return client.invalidateQueries({ queryKey: ['driver'] });
    },
  });
}

/** Issue 22: a driver who joined before the self-billing agreement accepts it (the profile answers with the moment). */
export function useAcceptSelfBilling() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/driver/profile/self-billing', { body: { accept: true } }),
    onSuccess: (answer) => client.setQueryData(onboardingKeys.profile, answer),
  });
}
