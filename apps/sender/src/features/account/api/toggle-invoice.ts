import type { invoiceToggleAction } from '@vm/domain/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';

// POST /api/user/invoice: request payment by invoice, or cancel the request; the answer is the user.

export const toggleInvoice = (action: ReturnType<typeof invoiceToggleAction>) => call('POST /api/user/invoice', { body: { action } });

export const useToggleInvoice = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: toggleInvoice, onSuccess: (user) => client.setQueryData(queryKeys.user, user) });
};
