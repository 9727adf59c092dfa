import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';

// The driver's own profile and vehicles, read by more than one feature (the checklist on Account,
// the offer form on Work): one query each, one cache entry each.

export const driverAccountKeys = { profile: ['driver', 'profile'] as const, vehicles: ['driver', 'vehicles'] as const };

export const profileQuery = queryOptions({ queryKey: driverAccountKeys.profile, queryFn: ({ signal }) => call('GET /api/driver/profile', { signal }) });
export const vehiclesQuery = queryOptions({ queryKey: driverAccountKeys.vehicles, queryFn: ({ signal }) => call('GET /api/driver/vehicles', { signal }) });

export const useProfile = () => useQuery(profileQuery);
export const useVehicles = () => useQuery(vehiclesQuery);
