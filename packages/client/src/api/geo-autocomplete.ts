import { call } from '../api-client.ts';

/** GET /api/geo/autocomplete: addresses that match the typed text (SPEC section 5), for any address field. */
export const autocomplete = (q: string, signal?: AbortSignal) => call('GET /api/geo/autocomplete', { query: { q }, signal });
