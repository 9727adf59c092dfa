// The shipment state graph of SPEC section 4, as one transition table. The sender cancels (in state
// new, and with issue 22 until loading, for the ladder's fee); accepting an offer moves new ->
// accepted; the driver does the rest, or gives the job back (to new) before loading.

export const SHIPMENT_STATES = [
  'new',
  'accepted',
  'onwaytopickup',
  'nearpickup',
  'arrivedpickup',
  'loading',
  'loaded',
  'onwaytodelivery',
  'neardelivery',
  'arriveddelivery',
  'unloading',
  'unloaded',
  'delivered',
  'finalised',
  'cancelled',
] as const;
export type ShipmentStateName = (typeof SHIPMENT_STATES)[number];

export type Actor = 'sender' | 'driver' | 'system';

/** Who may move a shipment from a state to which next states. */
export const TRANSITIONS: Record<ShipmentStateName, Partial<Record<ShipmentStateName, Actor[]>>> = {
  new: { accepted: ['system'], cancelled: ['sender', 'system'] },
  // Issue 22: until the goods are on board the sender may cancel, for the ladder's fee (cancellation.ts;
  // the driver's giving a job up, back to new, is its own request there, never a state change).
  accepted: { onwaytopickup: ['driver'], cancelled: ['sender', 'system'] },
  onwaytopickup: { nearpickup: ['driver'], arrivedpickup: ['driver'], cancelled: ['sender'] },
  nearpickup: { arrivedpickup: ['driver'], cancelled: ['sender'] },
  arrivedpickup: { loading: ['driver'], cancelled: ['sender'] },
  loading: { loaded: ['driver'] },
  loaded: { onwaytodelivery: ['driver'] },
  onwaytodelivery: { neardelivery: ['driver'], arriveddelivery: ['driver'] },
  neardelivery: { arriveddelivery: ['driver'] },
  arriveddelivery: { unloading: ['driver'] },
  unloading: { unloaded: ['driver'] },
  unloaded: { delivered: ['driver'] },
  delivered: { finalised: ['driver', 'system'] },
  finalised: {},
  cancelled: {},
};

export function canTransition(from: ShipmentStateName, to: ShipmentStateName, actor: Actor): boolean {
  return TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The driver's next step in the normal flow (used by demo drivers). */
export function nextDriverState(from: ShipmentStateName): ShipmentStateName | null {
  const order = SHIPMENT_STATES.slice(SHIPMENT_STATES.indexOf('accepted'), SHIPMENT_STATES.indexOf('finalised') + 1);
  const i = order.indexOf(from);
  return i >= 0 && i < order.length - 1 ? order[i + 1]! : null;
}

export const LIST_FILTERS = ['active', 'delivering', 'previous', 'cancelled'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

const DELIVERING: ShipmentStateName[] = SHIPMENT_STATES.slice(SHIPMENT_STATES.indexOf('accepted'), SHIPMENT_STATES.indexOf('delivered') + 1);

/**
 * The job-list filters of SPEC section 4. A new shipment whose pickup window has closed is
 * expired: it leaves 'active' for 'cancelled' (Cancelled/Expired) at exactly pickup_date_till.
 */
export function matchesFilter(filter: ListFilter, s: { state: ShipmentStateName; pickup_date_till: number }, nowSeconds: number): boolean {
  switch (filter) {
    case 'active':
      return s.state === 'new' && s.pickup_date_till > nowSeconds;
    case 'delivering':
      return DELIVERING.includes(s.state);
    case 'previous':
      return s.state === 'finalised';
    case 'cancelled':
      return s.state === 'cancelled' || (s.state === 'new' && s.pickup_date_till <= nowSeconds);
  }
}

/** SPEC section 4: Newbie (3 or fewer), Intermediate (4-10), Experienced (11-24), Ambassador (above). */
export const EXPERIENCE_LEVELS = ['newbie', 'intermediate', 'experienced', 'ambassador'] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export function experienceLevel(ratingCount: number): ExperienceLevel {
  if (ratingCount <= 3) return 'newbie';
  if (ratingCount <= 10) return 'intermediate';
  if (ratingCount <= 24) return 'experienced';
  return 'ambassador';
}

/** Driver rating = total / count, rounded (0 when never rated). */
export const driverRating = (total: number, count: number) => (count > 0 ? Math.round(total / count) : 0);
