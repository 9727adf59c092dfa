import type { CardRead, SandboxCardInput } from '@vm/domain/marketplace';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryClient } from '@vm/client/query-client.ts';

// SPEC section 7, Billing: the stored card (the first is the one charged). Used by the account
// page and by the offers modal, which lets a sender add a card in place.

export const cardsQuery = queryOptions({ queryKey: ['billing', 'cards'], queryFn: ({ signal }) => call('GET /api/billing/cards', { signal }) });
export const useCards = () => useQuery(cardsQuery);

export async function addCard(stripeToken: string): Promise<CardRead[]> {
  const cards = await call('POST /api/billing/addcard', { body: { stripeToken } });
  queryClient.setQueryData(cardsQuery.queryKey, cards);
  return cards;
}

export async function deleteCards(): Promise<void> {
  await call('POST /api/billing/deletecards', {});
  queryClient.setQueryData(cardsQuery.queryKey, []);
}

/** Test mode: the server's sandbox turns the card details into a token, as Stripe.js would. */
export const sandboxToken = (card: SandboxCardInput) => call('POST /api/billing/sandbox/token', { body: card }).then((r) => r.id);

/** The receipt of a job's paid offer (null while nothing was paid); it never changes once there. */
export const receiptQuery = (shipmentId: number) =>
  queryOptions({
    queryKey: ['billing', 'receipt', shipmentId],
    queryFn: ({ signal }) => call('GET /api/shipment/:id/receipt', { params: { id: shipmentId }, signal }).then((r) => r.receipt),
    staleTime: (q) => (q.state.data ? Infinity : 0),
  });
export const useReceipt = (shipmentId: number, enabled: boolean) => useQuery({ ...receiptQuery(shipmentId), enabled });
