import { call } from '@vm/client/api-client.ts';

// The ticket a social login brings back (docs/decisions/0018-social-login.md), with a client token.

/**
 * POST /api/auth/social/ticket. A ticket that signs in is spent by its first use, so a second
 * mount of the page (React's strict mode, a re-render) shares the first call's answer: that is why
 * this one write is a memoised promise run by the page's effect, not a mutation hook.
 */
const exchange = (ticket: string, clientToken: string) => call('POST /api/auth/social/ticket', { body: { ticket }, bearer: clientToken });
const used = new Map<string, ReturnType<typeof exchange>>();
export function exchangeTicket(ticket: string, clientToken: () => Promise<string>) {
  let answer = used.get(ticket);
  if (!answer) {
    answer = clientToken().then((bearer) => exchange(ticket, bearer));
    used.set(ticket, answer);
  }
  return answer;
}
