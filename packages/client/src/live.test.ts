import { describe, expect, it, vi } from 'vitest';
import { invalidateFor } from './event-invalidation.ts';
import { queryKeys } from './query-keys.ts';

const refreshed = (type: Parameters<typeof invalidateFor>[1]['type'], shipment_id: number | null) => {
  const client = { invalidateQueries: vi.fn(async (_filters: { queryKey: readonly unknown[] }) => undefined) };
  invalidateFor(client, { type, shipment_id });
  return client.invalidateQueries.mock.calls.map(([f]) => f.queryKey);
};

describe('what an event refreshes', () => {
  it('a shipment event refreshes that job, the job list and the push list', () => {
    expect(refreshed('shipment.offer.new', 7)).toEqual([queryKeys.shipmentList, queryKeys.shipment(7), queryKeys.pushes]);
  });
  it('a chat message also refreshes the chat list', () => {
    expect(refreshed('shipment.message.new', 7)).toContainEqual(queryKeys.conversations);
  });
  it('a position moves the job along but touches no push list', () => {
    expect(refreshed('shipment.location', 7)).toEqual([queryKeys.shipmentList, queryKeys.shipment(7)]);
  });
  it('an event without a shipment refreshes only the push list', () => {
    expect(refreshed('company.invoice.status', null)).toEqual([queryKeys.pushes]);
  });
});
