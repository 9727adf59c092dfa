import { describe, expect, it } from 'vitest';
import {
  ACCEPTED,
  CANCELLED,
  canTransition,
  driverRating,
  experienceLevel,
  FINISHED,
  FIRST_STATE,
  GIVEN_BACK,
  HANDED_OVER,
  isOpenForOffers,
  matchesFilter,
  nextDriverState,
  SHIPMENT_STATE,
  SHIPMENT_STATES,
  stateAfterProof,
  statesWhere,
  TRANSITIONS,
} from './shipment-states.ts';

describe('state graph', () => {
  it('lets the sender cancel until the goods are on board (after acceptance for the ladder’s fee), never from loading on', () => {
    const cancellable = ['new', 'accepted', 'onwaytopickup', 'nearpickup', 'arrivedpickup'];
    for (const s of SHIPMENT_STATES) expect(canTransition(s, 'cancelled', 'sender'), s).toBe(cancellable.includes(s));
  });

  it('walks the driver from accepted to delivered one step at a time, and never back; the system finishes a delivered job', () => {
    let s = nextDriverState('accepted');
    const seen = ['accepted'];
    while (s) {
      expect(canTransition(seen.at(-1) as never, s, 'driver')).toBe(true);
      seen.push(s);
      s = nextDriverState(s);
    }
    expect(seen.at(-1)).toBe('delivered');
    expect(canTransition('delivered', 'finalised', 'driver')).toBe(false);
    expect(canTransition('delivered', 'finalised', 'system')).toBe(true);
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
      'delivered>finalised:system',
    ]);
  });

  it('lets only the driver on the job give it back (to new), and only before the goods are on board', () => {
    const back = SHIPMENT_STATES.filter((s) => canTransition(s, 'new', 'driver_gives_back'));
    expect(back).toEqual(['accepted', 'onwaytopickup', 'nearpickup', 'arrivedpickup']);
    // The driver's own state request never gives a job back.
    for (const s of SHIPMENT_STATES) expect(canTransition(s, 'new', 'driver'), s).toBe(false);
    // The give-back moves nowhere else.
    for (const s of SHIPMENT_STATES) for (const to of SHIPMENT_STATES) if (to !== 'new') expect(canTransition(s, to, 'driver_gives_back'), `${s}>${to}`).toBe(false);
  });

  it('gives a demo driver no next step before acceptance or once delivered', () => {
    expect(nextDriverState('new')).toBeNull();
    expect(nextDriverState('cancelled')).toBeNull();
    expect(nextDriverState('finalised')).toBeNull();
    expect(nextDriverState('delivered')).toBeNull();
    expect(nextDriverState('accepted')).toBe('onwaytopickup');
    expect(nextDriverState('onwaytopickup')).toBe('nearpickup');
    expect(nextDriverState('unloaded')).toBe('delivered');
  });

  it('lists only new shipments as active or expired, whatever their pickup window', () => {
    const now = 1_800_000_000;
    for (const state of SHIPMENT_STATES.filter((s) => s !== 'new')) {
      expect(matchesFilter('active', { state, pickup_date_till: now + 60 }, now), state).toBe(false);
      expect(matchesFilter('cancelled', { state, pickup_date_till: now - 60 }, now), state).toBe(state === 'cancelled');
    }
  });
});

describe('the state descriptor: what each state means for the rest of the product', () => {
  const where = (test: Parameters<typeof statesWhere>[0]) => statesWhere(test);

  it('puts every state in one phase, in the order of a job’s life', () => {
    expect(SHIPMENT_STATES.map((s) => SHIPMENT_STATE[s].phase)).toEqual([
      'open',
      ...Array(4).fill('before_pickup'),
      ...Array(7).fill('on_board'),
      'delivered',
      'done',
      'cancelled',
    ]);
  });

  it('cancels for free before acceptance, by the ladder until the goods are on board, never after', () => {
    expect(where((d) => d.senderCancel === 'free')).toEqual(['new']);
    expect(where((d) => d.senderCancel === 'ladder')).toEqual(['accepted', 'onwaytopickup', 'nearpickup', 'arrivedpickup']);
    // A state the sender may cancel in is one the graph lets the sender move to cancelled, and the other way round.
    for (const s of SHIPMENT_STATES) expect(SHIPMENT_STATE[s].senderCancel !== null, s).toBe(canTransition(s, CANCELLED, 'sender'));
  });

  it('asks the pickup proof to load and the delivery proof to deliver, each taken at its own address', () => {
    expect(where((d) => d.proofToEnter !== null).map((s) => `${s}:${SHIPMENT_STATE[s].proofToEnter}`)).toEqual(['loaded:pickup', 'delivered:delivery']);
    expect(where((d) => d.proofTaken === 'pickup')).toEqual(['arrivedpickup', 'loading']);
    expect(where((d) => d.proofTaken === 'delivery')).toEqual(['arriveddelivery', 'unloading', 'unloaded']);
    // A proof is taken in a state from which the driver can reach the state that needs it.
    for (const s of where((d) => d.proofToEnter !== null)) {
      const takenIn = where((d) => d.proofTaken === SHIPMENT_STATE[s].proofToEnter);
      expect(takenIn.some((from) => canTransition(from, s, 'driver')), s).toBe(true);
    }
  });

  it('heads for the pickup until arriving there, then for the delivery until arriving there', () => {
    expect(where((d) => d.heading === 'pickup')).toEqual(['accepted', 'onwaytopickup', 'nearpickup']);
    expect(where((d) => d.heading === 'delivery')).toEqual(['arrivedpickup', 'loading', 'loaded', 'onwaytodelivery', 'neardelivery']);
  });

  it('tracks the driver from acceptance until delivered, and holds the money from acceptance', () => {
    expect(where((d) => d.tracked)).toEqual(SHIPMENT_STATES.slice(1, 13));
    expect(where((d) => d.money === 'none')).toEqual(['new']);
    expect(where((d) => d.money === 'held')).toEqual(SHIPMENT_STATES.slice(1, 12));
    expect(where((d) => d.money === 'answer')).toEqual(['delivered', 'finalised']);
    expect(where((d) => d.money === 'ended')).toEqual(['cancelled']);
  });

  it('lets a problem be reported as a no-show before loading, as overdue on board, and after delivery', () => {
    expect(where((d) => d.problem === 'no_show')).toEqual(['accepted', 'onwaytopickup', 'nearpickup', 'arrivedpickup']);
    expect(where((d) => d.problem === 'overdue')).toEqual(['loading', 'loaded', 'onwaytodelivery', 'neardelivery', 'arriveddelivery', 'unloading', 'unloaded']);
    expect(where((d) => d.problem === 'after_delivery')).toEqual(['delivered', 'finalised']);
    expect(where((d) => d.problem === null)).toEqual(['new', 'cancelled']);
  });

  it('has the pickup done once the goods are loaded, and ends only in finalised and cancelled', () => {
    expect(where((d) => d.pickedUp)).toEqual(SHIPMENT_STATES.slice(6, 14));
    expect(where((d) => d.terminal)).toEqual(['finalised', 'cancelled']);
    // Nothing leaves a terminal state, and every other state has a way on.
    for (const s of SHIPMENT_STATES) expect(Object.keys(SHIPMENT_STATE[s].moves).length === 0, s).toBe(SHIPMENT_STATE[s].terminal);
  });

  it('names the states the rules refer to', () => {
    expect([FIRST_STATE, ACCEPTED, HANDED_OVER, FINISHED, CANCELLED, GIVEN_BACK]).toEqual(['new', 'accepted', 'delivered', 'finalised', 'cancelled', 'new']);
    expect(TRANSITIONS.delivered).toEqual({ finalised: ['system'] });
  });

  it('knows a job open for offers: new, its pickup window not closed', () => {
    const now = 1_800_000_000;
    expect(isOpenForOffers({ state: 'new', pickup_date_till: now + 1 }, now)).toBe(true);
    expect(isOpenForOffers({ state: 'new', pickup_date_till: now }, now)).toBe(false);
    expect(isOpenForOffers({ state: 'accepted', pickup_date_till: now + 99 }, now)).toBe(false);
  });
});

describe('the state a proof opens', () => {
  it('is loaded for the pickup’s proof and delivered for the delivery’s', () => {
    expect(stateAfterProof('pickup')).toBe('loaded');
    expect(stateAfterProof('delivery')).toBe('delivered');
  });
});
