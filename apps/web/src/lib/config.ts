import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryClient } from './query-client.ts';

// GET /api/config: the server's providers (map tiles, payments, captcha, street view). Shared by
// components and features, so it lives in lib; it does not change while the page is open.

export type AppConfig = {
  facebook_app_id: string | null;
  captcha: { provider: string; site_key: string | null };
  map: { tile_url: string | null; attribution: string };
  payments: { provider: 'sandbox' | 'stripe'; test_mode: boolean; publishable_key: string | null };
  street_view: { url_template: string } | null;
};

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api<AppConfig>('/api/config', { signal }),
  staleTime: Infinity,
});

export const useConfig = () => useQuery(configQuery);

/** For code outside React (the map's base layer): the cached answer, or one request. */
export const fetchConfig = () => queryClient.fetchQuery(configQuery);
