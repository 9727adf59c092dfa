import { describe, expect, it } from 'vitest';
import { canTransition, driverRating, experienceLevel, matchesFilter, nextDriverState, SHIPMENT_STATES } from './shipment-states.ts';

describe('state graph', () => {
  it('lets the sender cancel until the goods are on board (after acceptance for the ladder’s fee), never from loading on', () => {
    const cancellable = ['new', 'accepted', 'onwaytopickup', 'nearpickup', 'arrivedpickup'];
    for (const s of SHIPMENT_STATES) expect(canTransition(s, 'cancelled', 'sender'), s).toBe(cancellable.includes(s));
  });

  it('walks the driver from accepted to finalised one step at a time, and never back', () => {
    let s = nextDriverState('accepted');
    const seen = ['accepted'];
    while (s) {
      expect(canTransition(seen.at(-1) as never, s, 'driver') || s === 'finalised').toBe(true);
      seen.push(s);
      s = nextDriverState(s);
    }
    expect(seen.at(-1)).toBe('finalised');
    expect(canTransition('loaded', 'loading', 'driver')).toBe(false);
    expect(canTransition('new', 'onwaytopickup', 'driver')).toBe(false);
    expect(canTransition('finalised', 'cancelled', 'system')).toBe(false);
    expect(canTransition('new', 'accepted', 'sender')).toBe(false);
  });
});

describe('list filters at their boundaries', () => {
  const now = 1_800_000_000;
  it('moves a new shipment from active to cancelled/expired exactly at pickup_date_till', () => {
    expect(matchesFilter('active', { state: 'new', pickup_date_till: now + 1 }, now)).toBe(true);
    expect(matchesFilter('active', { state: 'new', pickup_date_till: now }, now)).toBe(false);
    expect(matchesFilter('cancelled', { state: 'new', pickup_date_till: now }, now)).toBe(true);
    expect(matchesFilter('cancelled', { state: 'new', pickup_date_till: now + 1 }, now)).toBe(false);
    expect(matchesFilter('cancelled', { state: 'cancelled', pickup_date_till: now + 99 }, now)).toBe(true);
  });

  it('puts accepted through delivered under delivering, finalised under previous', () => {
    expect(matchesFilter('delivering', { state: 'accepted', pickup_date_till: 0 }, now)).toBe(true);
    expect(matchesFilter('delivering', { state: 'delivered', pickup_date_till: 0 }, now)).toBe(true);
    expect(matchesFilter('delivering', { state: 'finalised', pickup_date_till: 0 }, now)).toBe(false);
    expect(matchesFilter('delivering', { state: 'new', pickup_date_till: now + 5 }, now)).toBe(false);
    expect(matchesFilter('previous', { state: 'finalised', pickup_date_till: 0 }, now)).toBe(true);
    expect(matchesFilter('previous', { state: 'delivered', pickup_date_till: 0 }, now)).toBe(false);
  });
});

describe('driver experience and rating', () => {
  it('uses the intended thresholds', () => {
    expect([0, 3, 4, 10, 11, 24, 25].map(experienceLevel)).toEqual(['newbie', 'newbie', 'intermediate', 'intermediate', 'experienced', 'experienced', 'ambassador']);
  });
  it('rounds total / count', () => {
    expect(driverRating(14, 3)).toBe(5);
    expect(driverRating(13, 3)).toBe(4);
    expect(driverRating(0, 0)).toBe(0);
  });
});

describe('who moves a shipment where (SPEC section 4)', () => {
  it('allows exactly these steps: the system accepts, the sender cancels until loading (the system a new or accepted one), the driver does the trip', () => {
    const allowed: string[] = [];
    for (const from of SHIPMENT_STATES)
      for (const to of SHIPMENT_STATES)
        for (const actor of ['sender', 'driver', 'system'] as const) if (canTransition(from, to, actor)) allowed.push(`${from}>${to}:${actor}`);
    expect(allowed).toEqual([
      'new>accepted:system',
      'new>cancelled:sender',
      'new>cancelled:system',
      'accepted>onwaytopickup:driver',
      'accepted>cancelled:sender',
      'accepted>cancelled:system',
      'onwaytopickup>nearpickup:driver',
      'onwaytopickup>arrivedpickup:driver',
      'onwaytopickup>cancelled:sender',
      'nearpickup>arrivedpickup:driver',
      'nearpickup>cancelled:sender',
      'arrivedpickup>loading:driver',
      'arrivedpickup>cancelled:sender',
      'loading>loaded:driver',
      'loaded>onwaytodelivery:driver',
      'onwaytodelivery>neardelivery:driver',
      'onwaytodelivery>arriveddelivery:driver',
      'neardelivery>arriveddelivery:driver',
      'arriveddelivery>unloading:driver',
      'unloading>unloaded:driver',
      'unloaded>delivered:driver',
      'delivered>finalised:driver',
      'delivered>finalised:system',
    ]);
  });

  it('gives a demo driver no next step before acceptance or after finalising', () => {
    expect(nextDriverState('new')).toBeNull();
    expect(nextDriverState('cancelled')).toBeNull();
    expect(nextDriverState('finalised')).toBeNull();
    expect(nextDriverState('accepted')).toBe('onwaytopickup');
    expect(nextDriverState('delivered')).toBe('finalised');
  });

  it('lists only new shipments as active or expired, whatever their pickup window', () => {
    const now = 1_800_000_000;
    for (const state of SHIPMENT_STATES.filter((s) => s !== 'new')) {
      expect(matchesFilter('active', { state, pickup_date_till: now + 60 }, now), state).toBe(false);
      expect(matchesFilter('cancelled', { state, pickup_date_till: now - 60 }, now), state).toBe(state === 'cancelled');
    }
  });
});
