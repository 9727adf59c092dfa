import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

// POST /api/billing/deletecards: the stored card is gone for every later payment.

export const deleteCards = () => call('POST /api/billing/deletecards', {});

export const useDeleteCards = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteCards, onSuccess: () => client.setQueryData(queryKeys.cards, []) });
};
