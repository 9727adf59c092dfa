import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceDecision, OpsInvoiceStatus, OpsPayoutStatus } from '@vm/domain/ops-finance';
import { opsCall } from '../../../lib/ops-api.ts';

// Issue 23: the approvals that were admin commands (finance staff and admins): companies asking to
// pay by invoice, payouts and money on hold, unpaid invoices. The server audits every decision.

export const invoiceRequestsQuery = queryOptions({
  queryKey: ['ops', 'invoice-requests'],
  queryFn: ({ signal }) => opsCall('GET /api/ops/invoice-requests', { signal }),
  staleTime: 0,
});
export const useInvoiceRequests = () => useQuery(invoiceRequestsQuery);

/** Approve or refuse (with the reason the company reads); the answer is the queue as it stands after. */
export function useDecideInvoiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, decision }: { userId: number; decision: InvoiceDecision }) => opsCall('POST /api/ops/invoice-requests/:userId/decision', { params: { userId }, body: decision }),
    onSuccess: (queue) => queryClient.setQueryData(invoiceRequestsQuery.queryKey, queue),
  });
}

export const payoutsQuery = (status: OpsPayoutStatus) =>
  queryOptions({ queryKey: ['ops', 'payouts', status], queryFn: ({ signal }) => opsCall('GET /api/ops/payouts', { query: { status }, signal }), staleTime: 0 });
export const usePayouts = (status: OpsPayoutStatus) => useQuery(payoutsQuery(status));

/** "Pay out now": everyone owed is paid today; the lists are read again. */
export function useRunPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => opsCall('POST /api/ops/payouts/run', {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['ops', 'payouts'] }),
  });
}

export const unpaidInvoicesQuery = (status: OpsInvoiceStatus) =>
  queryOptions({ queryKey: ['ops', 'invoices', status], queryFn: ({ signal }) => opsCall('GET /api/ops/invoices', { query: { status }, signal }), staleTime: 0 });
export const useUnpaidInvoices = (status: OpsInvoiceStatus) => useQuery(unpaidInvoicesQuery(status));
