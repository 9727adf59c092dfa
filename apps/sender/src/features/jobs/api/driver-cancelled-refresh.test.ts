import { QueryClient } from '@tanstack/react-query';
import { invalidateFor } from '@vm/client/event-invalidation.ts';
import { queryKeys } from '@vm/client/query-keys.ts';
import { describe, expect, it } from 'vitest';

// Issue 22: when the driver gives an accepted job back, the sender's job page (the job and what
// cancelling it costs) and the job lists are read again, so the job shows as open for offers.

describe("the sender's screens on 'shipment.driver_cancelled'", () => {
  it('refresh the job, its cancellation quote and the job lists, and leave other jobs alone', () => {
    const client = new QueryClient();
    for (const key of [queryKeys.shipment(77), queryKeys.cancellationQuote(77), queryKeys.shipmentList, queryKeys.shipment(78), queryKeys.pushes]) client.setQueryData(key, {});
    invalidateFor(client, { type: 'shipment.driver_cancelled', shipment_id: 77 });
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(queryKeys.shipment(77))).toBe(true);
    expect(stale(queryKeys.cancellationQuote(77))).toBe(true);
    expect(stale(queryKeys.shipmentList)).toBe(true);
    expect(stale(queryKeys.pushes)).toBe(true);
    expect(stale(queryKeys.shipment(78))).toBe(false);
  });
});
