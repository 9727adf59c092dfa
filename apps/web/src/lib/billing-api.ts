import type { CardRead, SandboxCardInput } from '@vm/domain/marketplace';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryClient } from './query-client.ts';

// SPEC section 7, Billing: the stored card (the first is the one charged). Used by the account
// page and by the offers modal, which lets a sender add a card in place.

export const cardsQuery = queryOptions({ queryKey: ['billing', 'cards'], queryFn: ({ signal }) => api<CardRead[]>('/api/billing/cards', { signal }) });
export const useCards = () => useQuery(cardsQuery);

export async function addCard(stripeToken: string): Promise<CardRead[]> {
  const cards = await api<CardRead[]>('/api/billing/addcard', { body: { stripeToken } });
  queryClient.setQueryData(cardsQuery.queryKey, cards);
  return cards;
}

export async function deleteCards(): Promise<void> {
  await api('/api/billing/deletecards', { method: 'POST' });
  queryClient.setQueryData(cardsQuery.queryKey, []);
}

/** Test mode: the server's sandbox turns the card details into a token, as Stripe.js would. */
export const sandboxToken = (card: SandboxCardInput) => api<{ id: string }>('/api/billing/sandbox/token', { body: card }).then((r) => r.id);
