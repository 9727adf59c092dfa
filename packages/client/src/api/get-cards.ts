import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

// GET /api/billing/cards (SPEC section 7, Billing): the stored card, the first is the one charged.
// Read by the account page and by the offers modal, which lets a sender add a card in place.

export const getCards = (signal?: AbortSignal) => call('GET /api/billing/cards', { signal });

export const cardsQuery = queryOptions({ queryKey: queryKeys.cards, queryFn: ({ signal }) => getCards(signal) });

export const useCards = () => useQuery(cardsQuery);
