import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

// GET /api/config: the server's providers (map tiles, payments, captcha, street view). Shared by
// components and features, so it lives in lib; it does not change while the page is open.

export const configQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) => call('GET /api/config', { signal }),
  staleTime: Infinity,
});

export const useConfig = () => useQuery(configQuery);

/** For code outside React (the map's base layer): the cached answer, or one request. */
export const fetchConfig = () => queryClient.fetchQuery(configQuery);
