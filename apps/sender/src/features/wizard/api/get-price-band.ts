import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@vm/client/api-client.ts';
import { queryKeys } from '@vm/client/query-keys.ts';
import { getClientToken } from '@vm/client/session.ts';
import { readToken } from '@vm/client/token-store.ts';
import { estimatedRoadMetres } from '@vm/domain/distance';
import type { PriceBandQuery } from '@vm/domain/price-band';
import { loadOf } from '../estimate.ts';
import type { WizardState } from '../wizard-state.ts';

// GET /api/price-band: what senders of similar jobs paid (docs/decisions/0022-price-band.md).

export type { PriceBandQuery };

/** The band's question for the draft: the estimate's road distance and load, or null before both addresses are known. */
export function priceBandQueryFor(state: WizardState): PriceBandQuery | null {
  const { pickup, delivery } = state;
  if (!pickup.address || !delivery.address) return null;
  const { volumeM3, weightKg } = loadOf(state);
  // Whole km and rounded sizes: the same draft asks the same question (one cache entry).
  const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
  return { distance_km: Math.ceil(estimatedRoadMetres(pickup.address, delivery.address) / 1000), volume_m3: round(volumeM3, 3), weight_kg: round(weightKg, 1) };
}

/** A guest in the wizard asks with a client-credentials token; a signed-in sender with their own. */
export const getPriceBand = async (query: PriceBandQuery, signal?: AbortSignal) =>
  call('GET /api/price-band', { query, signal, ...(readToken() ? {} : { bearer: await getClientToken() }) });

export const priceBandQuery = (query: PriceBandQuery) =>
  queryOptions({ queryKey: queryKeys.priceBand(query), queryFn: ({ signal }) => getPriceBand(query, signal), staleTime: 5 * 60_000 });

export const usePriceBand = (query: PriceBandQuery | null) => useQuery({ ...priceBandQuery(query ?? { distance_km: 0, volume_m3: 0, weight_kg: 0 }), enabled: query !== null });
