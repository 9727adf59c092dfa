import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { i18next } from './i18n.ts';
import { queryKeys } from './query-keys.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A 4xx will not get better by asking again.
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// The server names towns in the language the app asks in (Luik or Liège, issue 20 defect 6): a
// language switch asks again for the jobs and the tracking page, so no town stays in the old one.
i18next.on('languageChanged', () => {
  void queryClient.invalidateQueries({ queryKey: [queryKeys.shipmentList[0]] });
  void queryClient.invalidateQueries({ queryKey: [queryKeys.tracking('')[0]] });
});
