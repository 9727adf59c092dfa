import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

// POST /api/billing/addcard: the provider's token of a card (Stripe.js, or the sandbox's
// POST /api/billing/sandbox/token in test mode); the answer is the stored cards.

export const addCard = (stripeToken: string) => call('POST /api/billing/addcard', { body: { stripeToken } });

/** The variable makes the token first (Stripe.js or the sandbox), so the pending state covers both. */
export const useAddCard = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (makeToken: () => Promise<string>) => addCard(await makeToken()),
    onSuccess: (cards) => client.setQueryData(queryKeys.cards, cards),
  });
};
