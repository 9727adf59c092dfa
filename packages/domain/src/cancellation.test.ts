import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_DRIVER_SHARE_PERCENT,
  CANCELLATION_LADDER,
  CANCELLATION_PLATFORM_SHARE_PERCENT,
  cancellationBoundaries,
  cancellationOutcome,
  type CancellationInput,
  type CancellationStepId,
} from './cancellation.ts';
import { SHIPMENT_STATES } from './shipment-states.ts';

// The published cancellation ladder (issue 22 part 4): the fee a sender pays depends on where the
// moment of cancelling falls against the pickup window's opening, counted on the Brussels wall
// clock, so DST changes move the boundaries with the clock, not by elapsed hours.

const TZ = 'Europe/Brussels';
const s = (iso: string) => Date.parse(iso) / 1000;
const PRICE = 12_345; // EUR 123.45, VAT included

const sender = (pickupIso: string, nowSeconds: number, over: Partial<CancellationInput> = {}) =>
  cancellationOutcome({ now: nowSeconds, state: 'accepted', pickup_date_from: s(pickupIso), pickup_timezone: TZ, price_cents: PRICE, by: 'sender', ...over });

/** Asserts the step just before (1 minute, 1 second) and at/after (0, 1 second, 1 minute) a boundary. */
function expectBoundary(pickupIso: string, boundaryIso: string, before: CancellationStepId, after: CancellationStepId) {
  const b = s(boundaryIso);
  for (const d of [-60, -1]) expect(sender(pickupIso, b + d).step_id, `${d} s from ${boundaryIso}`).toBe(before);
  for (const d of [0, 1, 60]) expect(sender(pickupIso, b + d).step_id, `${d} s from ${boundaryIso}`).toBe(after);
}

/** Asserts all three boundaries of a pickup, given as the UTC instants the Brussels clock reaches them. */
function expectLadder(pickupIso: string, fee25Iso: string, fee50Iso: string) {
  expect(cancellationBoundaries(s(pickupIso), TZ)).toEqual({ fee_25: s(fee25Iso), fee_50: s(fee50Iso), fee_100: s(pickupIso) });
  expectBoundary(pickupIso, fee25Iso, 'free', 'fee_25');
  expectBoundary(pickupIso, fee50Iso, 'fee_25', 'fee_50');
  expectBoundary(pickupIso, pickupIso, 'fee_50', 'fee_100');
}

describe('the published ladder', () => {
  it('is data the sender app can show as a table, in order of rising fee', () => {
    expect(CANCELLATION_LADDER.map((x) => [x.id, x.allowed, x.fee_percent, x.starts_hours_before_window])).toEqual([
      ['before_acceptance', true, 0, null],
      ['free', true, 0, null],
      ['fee_25', true, 25, 48],
      ['fee_50', true, 50, 24],
      ['fee_100', true, 100, 0],
      ['goods_on_board', false, 0, null],
    ]);
    expect(CANCELLATION_DRIVER_SHARE_PERCENT + CANCELLATION_PLATFORM_SHARE_PERCENT).toBe(100);
    expect(CANCELLATION_DRIVER_SHARE_PERCENT).toBe(80);
  });
});

describe('boundaries on the Brussels clock', () => {
  it('in winter time (UTC+1): pickup Thursday 15 January 10:00', () => {
    expectLadder('2026-01-15T09:00:00Z', '2026-01-13T09:00:00Z', '2026-01-14T09:00:00Z');
  });

  it('in summer time (UTC+2): pickup Thursday 16 July 10:00', () => {
    expectLadder('2026-07-16T08:00:00Z', '2026-07-14T08:00:00Z', '2026-07-15T08:00:00Z');
  });

  it('across the last Sunday of March (29 March 2026): the free period ends at the same clock time, 47 elapsed hours before', () => {
    // Pickup Monday 30 March 10:00 CEST; free until Saturday 28 March 10:00 CET; 50 % from Sunday 10:00 CEST.
    expectLadder('2026-03-30T08:00:00Z', '2026-03-28T09:00:00Z', '2026-03-29T08:00:00Z');
    // Pickup on the Sunday itself, 10:00 CEST: the 50 % step starts Saturday 10:00 CET, 23 elapsed hours before.
    expectLadder('2026-03-29T08:00:00Z', '2026-03-27T09:00:00Z', '2026-03-28T09:00:00Z');
  });

  it('across the last Sunday of October (25 October 2026): 49 and 25 elapsed hours', () => {
    // Pickup Monday 26 October 10:00 CET; free until Saturday 24 October 10:00 CEST.
    expectLadder('2026-10-26T09:00:00Z', '2026-10-24T08:00:00Z', '2026-10-25T09:00:00Z');
    // Pickup on the Sunday itself, 10:00 CET: the 50 % step starts Saturday 10:00 CEST, 25 elapsed hours before.
    expectLadder('2026-10-25T09:00:00Z', '2026-10-23T08:00:00Z', '2026-10-24T08:00:00Z');
  });

  it('a boundary in the hour skipped in spring moves one hour on; one in the hour that happens twice takes its first occurrence', () => {
    // Pickup Tuesday 31 March 02:30 CEST: 48 h before would be Sunday 29 March 02:30, which the clock skips -> 03:30 CEST.
    expectLadder('2026-03-31T00:30:00Z', '2026-03-29T01:30:00Z', '2026-03-30T00:30:00Z');
    // Pickup Tuesday 27 October 02:30 CET: Sunday 25 October 02:30 happens twice; the first (CEST) counts.
    expectLadder('2026-10-27T01:30:00Z', '2026-10-25T00:30:00Z', '2026-10-26T01:30:00Z');
  });

  it('reads the pickup in its own zone, keeping seconds past the minute', () => {
    // A pickup in Lisbon (UTC+0 in winter) at 10:00:30 local.
    expect(cancellationBoundaries(s('2026-01-15T10:00:30Z'), 'Europe/Lisbon')).toEqual({
      fee_25: s('2026-01-13T10:00:30Z'),
      fee_50: s('2026-01-14T10:00:30Z'),
      fee_100: s('2026-01-15T10:00:30Z'),
    });
  });
});

describe('what the sender pays and who gets it', () => {
  const pickup = '2026-01-15T09:00:00Z';

  it('free until 48 h before, with the moment the fee goes up so the page can say "free until ..."', () => {
    expect(sender(pickup, s('2026-01-10T12:00:00Z'))).toEqual({
      allowed: true,
      fee_cents: 0,
      driver_share_cents: 0,
      platform_share_cents: 0,
      refund_cents: PRICE,
      step_id: 'free',
      next_step_at: s('2026-01-13T09:00:00Z'),
      next_state: 'cancelled',
      refusal: null,
    });
  });

  it('25 %, 50 % and 100 % of the all-in price, rounded to the cent, 80 % of the fee to the driver', () => {
    // 25 % of 123.45 = 30.8625 -> 30.86; driver 80 % = 24.688 -> 24.69; platform the rest 6.17.
    expect(sender(pickup, s('2026-01-13T09:00:00Z'))).toMatchObject({
      fee_cents: 3086,
      driver_share_cents: 2469,
      platform_share_cents: 617,
      refund_cents: 9259,
      step_id: 'fee_25',
      next_step_at: s('2026-01-14T09:00:00Z'),
    });
    // 50 % = 61.725 -> 61.73 (half up); driver 49.384 -> 49.38; platform 12.35.
    expect(sender(pickup, s('2026-01-14T09:00:00Z'))).toMatchObject({
      fee_cents: 6173,
      driver_share_cents: 4938,
      platform_share_cents: 1235,
      refund_cents: 6172,
      step_id: 'fee_50',
      next_step_at: s(pickup),
    });
    // 100 % once the window opened: nothing back; no further step.
    expect(sender(pickup, s('2026-01-15T12:00:00Z'), { state: 'arrivedpickup' })).toMatchObject({
      fee_cents: PRICE,
      driver_share_cents: 9876,
      platform_share_cents: 2469,
      refund_cents: 0,
      step_id: 'fee_100',
      next_step_at: null,
    });
  });

  it('rounds half a cent up, in the fee and never loses a cent between the shares', () => {
    // 25 % of 100.02 = 25.005 -> 25.01; driver 20.008 -> 20.01; platform 5.00.
    expect(sender(pickup, s('2026-01-13T10:00:00Z'), { price_cents: 10_002 })).toMatchObject({ fee_cents: 2501, driver_share_cents: 2001, platform_share_cents: 500, refund_cents: 7501 });
    for (let price = 0; price <= 2_000; price += 7) {
      for (const at of ['2026-01-10T00:00:00Z', '2026-01-13T10:00:00Z', '2026-01-14T10:00:00Z', '2026-01-15T10:00:00Z']) {
        const o = sender(pickup, s(at), { price_cents: price });
        expect(o.driver_share_cents + o.platform_share_cents).toBe(o.fee_cents);
        expect(o.fee_cents + o.refund_cents).toBe(price);
        expect(o.platform_share_cents).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('the fee never goes down as time passes', () => {
    let last = 0;
    for (let t = s('2026-01-10T00:00:00Z'); t <= s('2026-01-16T00:00:00Z'); t += 1800) {
      const fee = sender(pickup, t).fee_cents;
      expect(fee).toBeGreaterThanOrEqual(last);
      last = fee;
    }
    expect(last).toBe(PRICE);
  });

  it('is free before acceptance, whatever the clock says, and nothing was charged to refund', () => {
    for (const at of ['2026-01-01T00:00:00Z', '2026-01-14T23:00:00Z', '2026-01-20T00:00:00Z']) {
      expect(sender(pickup, s(at), { state: 'new' })).toEqual({
        allowed: true,
        fee_cents: 0,
        driver_share_cents: 0,
        platform_share_cents: 0,
        refund_cents: 0,
        step_id: 'before_acceptance',
        next_step_at: null,
        next_state: 'cancelled',
        refusal: null,
      });
    }
  });

  it('applies the ladder while the driver is on the way to the pickup, until the goods go on board', () => {
    for (const state of ['accepted', 'onwaytopickup', 'nearpickup', 'arrivedpickup'] as const) {
      expect(sender(pickup, s('2026-01-14T12:00:00Z'), { state })).toMatchObject({ allowed: true, step_id: 'fee_50', fee_cents: 6173 });
    }
  });

  it('refuses once the goods are on board, and after delivery or an earlier cancellation', () => {
    const onBoard = SHIPMENT_STATES.slice(SHIPMENT_STATES.indexOf('loading'), SHIPMENT_STATES.indexOf('delivered'));
    expect(onBoard).toEqual(['loading', 'loaded', 'onwaytodelivery', 'neardelivery', 'arriveddelivery', 'unloading', 'unloaded']);
    for (const state of onBoard) {
      for (const by of ['sender', 'driver'] as const) {
        expect(sender(pickup, s('2026-01-15T10:00:00Z'), { state, by })).toEqual({
          allowed: false,
          fee_cents: 0,
          driver_share_cents: 0,
          platform_share_cents: 0,
          refund_cents: 0,
          step_id: 'goods_on_board',
          next_step_at: null,
          next_state: null,
          refusal: 'goods_on_board',
        });
      }
    }
    // Even long before the window (a driver who loaded early): the state decides, not the clock.
    expect(sender(pickup, s('2026-01-01T10:00:00Z'), { state: 'loaded' })).toMatchObject({ allowed: false, refusal: 'goods_on_board' });
    expect(sender(pickup, s('2026-01-16T10:00:00Z'), { state: 'delivered' })).toMatchObject({ allowed: false, refusal: 'finished' });
    expect(sender(pickup, s('2026-01-16T10:00:00Z'), { state: 'finalised' })).toMatchObject({ allowed: false, refusal: 'finished' });
    expect(sender(pickup, s('2026-01-14T10:00:00Z'), { state: 'cancelled' })).toMatchObject({ allowed: false, refusal: 'already_cancelled', step_id: null });
  });
});

describe('the driver cancels', () => {
  const pickup = '2026-07-16T08:00:00Z';

  it('after acceptance: the sender pays nothing, gets the whole charge back, and the job goes back to new', () => {
    for (const at of ['2026-07-10T08:00:00Z', '2026-07-14T08:00:01Z', '2026-07-15T08:00:00Z', '2026-07-16T09:00:00Z']) {
      const o = sender(pickup, s(at), { by: 'driver', state: 'onwaytopickup' });
      expect(o).toMatchObject({ allowed: true, fee_cents: 0, driver_share_cents: 0, platform_share_cents: 0, refund_cents: PRICE, next_step_at: null, next_state: 'new', refusal: null });
    }
    // The step the clock was in is still named (staff see how late the driver pulled out).
    expect(sender(pickup, s('2026-07-15T08:00:00Z'), { by: 'driver' }).step_id).toBe('fee_50');
  });

  it('before acceptance has nothing to cancel', () => {
    expect(sender(pickup, s('2026-07-10T08:00:00Z'), { by: 'driver', state: 'new' })).toMatchObject({ allowed: false, refusal: 'no_driver_yet', next_state: null });
  });
});

describe('bad input', () => {
  it('refuses a price that is not a whole, non-negative number of cents', () => {
    expect(() => sender('2026-01-15T09:00:00Z', 0, { price_cents: 12.5 })).toThrow(RangeError);
    expect(() => sender('2026-01-15T09:00:00Z', 0, { price_cents: -1 })).toThrow(RangeError);
  });
});

describe('the step named when cancelling is refused', () => {
  const pickup = '2026-07-16T08:00:00Z';
  it('names the goods-on-board step after delivery and the before-acceptance step for a driver with no job yet', () => {
    expect(sender(pickup, s('2026-07-17T10:00:00Z'), { state: 'delivered' }).step_id).toBe('goods_on_board');
    expect(sender(pickup, s('2026-07-17T10:00:00Z'), { state: 'finalised' }).step_id).toBe('goods_on_board');
    expect(sender(pickup, s('2026-07-10T08:00:00Z'), { by: 'driver', state: 'new' }).step_id).toBe('before_acceptance');
  });

  it('says which price it refused', () => {
    expect(() => sender(pickup, 0, { price_cents: 12.5 })).toThrow('price_cents must be a non-negative integer, got 12.5');
  });
});
