import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { driverEarningsReadSchema, type DriverEarning, type DriverEarningsRead } from '@vm/domain/settlement';

// Issue 22 part 3: the driver's earnings, each accepted job's money and where it is. The answer is
// checked against the domain schema: money shown wrong is worse than a load error.

export const earningsKeys = { all: ['driver', 'earnings'] as const };

export const earningsQuery = queryOptions({
  queryKey: earningsKeys.all,
  queryFn: async ({ signal }): Promise<DriverEarningsRead> => driverEarningsReadSchema.parse(await call('GET /api/driver/earnings', { signal })),
});

export const useEarnings = () => useQuery(earningsQuery);

export type Earning = DriverEarning;
