import type { ProofKind } from './proof.ts';

// A job's states (SPEC section 4) and, for each, everything the rest of the product decides from
// it: who may move it where, whether and how it can be cancelled or given back, which proof it
// needs, which sender list it belongs to and where the money stands. This is the one place a state
// is spelled: the server's SQL, the screens and the other rules read these descriptors, so a new
// state is a new entry here (plus its words in the catalogues).

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

/**
 * Who moves a job. `driver_gives_back` is the driver's own request to hand an accepted job back
 * (it returns to `new`, the sender is refunded); the driver's ordinary steps are `driver`.
 */
export type Actor = 'sender' | 'driver' | 'driver_gives_back' | 'system';

export const LIST_FILTERS = ['active', 'delivering', 'previous', 'cancelled'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

/**
 * Where a job is, as people think of it: open for offers, assigned and not loaded yet, goods on
 * board, handed over, done, or cancelled.
 */
export type Phase = 'open' | 'before_pickup' | 'on_board' | 'delivered' | 'done' | 'cancelled';

/**
 * Where the job's money stands in this state: nothing charged yet (`none`), held by the platform
 * until delivery (`held`), handed over and waiting for the sender's answer or the 24-hour timer
 * (`answer`), or the job ended without a delivery (`ended`: refunded, or a cancellation's fee kept).
 */
export type MoneyStage = 'none' | 'held' | 'answer' | 'ended';

/** What the sender may report in a state (problems.ts decides the kinds from it and the clock). */
export type ProblemWindow = 'no_show' | 'overdue' | 'after_delivery' | null;

export type StateDescriptor = {
  phase: Phase;
  /** The states this one may move to, and who may move it there. */
  moves: Partial<Record<ShipmentStateName, readonly Actor[]>>;
  /** The sender cancels: `free` (nothing charged), `ladder` (the published ladder's fee), or not at all. */
  senderCancel: 'free' | 'ladder' | null;
  /** The proof the driver must have taken before the job enters this state. */
  proofToEnter: ProofKind | null;
  /** The proof the driver takes while the job is in this state. */
  proofTaken: ProofKind | null;
  /** The address the driver is heading for (lateness, tracking's estimate); null when none. */
  heading: 'pickup' | 'delivery' | null;
  /** The driver shares their position with the sender. */
  tracked: boolean;
  /** The pickup is done: the goods are loaded and on their way (the driver's next stop is the delivery). */
  pickedUp: boolean;
  /** The sender's list (a new job whose pickup window closed moves from active to cancelled: matchesFilter). */
  list: ListFilter;
  money: MoneyStage;
  problem: ProblemWindow;
  /** Nothing moves the job any more. */
  terminal: boolean;
  /**
   * Where a driver in this state is, as a share of the route from the pickup (0) to the delivery
   * (1); before the pickup, how far from it still (-1 on the way, nearer to 0 nearly there); null
   * without a driver on the road. The demo drivers place themselves by it.
   */
  along: number | null;
};

type Shape = Pick<StateDescriptor, 'phase' | 'moves' | 'heading' | 'along'> & Partial<StateDescriptor>;

/** Defaults for a state with a driver on the job. */
const state = (s: Shape): StateDescriptor => ({
  senderCancel: null,
  proofToEnter: null,
  proofTaken: null,
  tracked: true,
  pickedUp: s.phase !== 'before_pickup',
  list: 'delivering',
  money: 'held',
  problem: null,
  terminal: false,
  ...s,
});

/** Before the goods are on board the sender cancels for the ladder's fee and the driver may give the job back. */
const beforePickup = (moves: StateDescriptor['moves'], heading: 'pickup' | null, along: number): StateDescriptor =>
  state({ phase: 'before_pickup', heading, along, senderCancel: 'ladder', problem: 'no_show', moves: { ...moves, new: ['driver_gives_back'], cancelled: moves.cancelled ?? ['sender'] } });

/** Goods on board, not handed over yet: reportable as lost, late or otherwise once the delivery window ended. */
const onBoard = (moves: StateDescriptor['moves'], along: number, extra: Partial<StateDescriptor> = {}): StateDescriptor => state({ phase: 'on_board', heading: 'delivery', along, problem: 'overdue', moves, ...extra });

export const SHIPMENT_STATE: Readonly<Record<ShipmentStateName, StateDescriptor>> = {
  new: state({ phase: 'open', heading: null, along: null, tracked: false, pickedUp: false, list: 'active', money: 'none', senderCancel: 'free', moves: { accepted: ['system'], cancelled: ['sender', 'system'] } }),
  accepted: beforePickup({ onwaytopickup: ['driver'], cancelled: ['sender', 'system'] }, 'pickup', -1),
  onwaytopickup: beforePickup({ nearpickup: ['driver'], arrivedpickup: ['driver'] }, 'pickup', -1),
  nearpickup: beforePickup({ arrivedpickup: ['driver'] }, 'pickup', -0.15),
  arrivedpickup: { ...beforePickup({ loading: ['driver'] }, null, 0), heading: 'delivery', proofTaken: 'pickup' },
  loading: onBoard({ loaded: ['driver'] }, 0, { proofTaken: 'pickup', pickedUp: false }),
  loaded: onBoard({ onwaytodelivery: ['driver'] }, 0, { proofToEnter: 'pickup' }),
  onwaytodelivery: onBoard({ neardelivery: ['driver'], arriveddelivery: ['driver'] }, 0.35),
  neardelivery: onBoard({ arriveddelivery: ['driver'] }, 0.9),
  arriveddelivery: onBoard({ unloading: ['driver'] }, 1, { heading: null, proofTaken: 'delivery' }),
  unloading: onBoard({ unloaded: ['driver'] }, 1, { heading: null, proofTaken: 'delivery' }),
  unloaded: onBoard({ delivered: ['driver'] }, 1, { heading: null, proofTaken: 'delivery' }),
  // The system finishes a delivered job when its money is settled: the sender confirmed, 24 hours
  // passed without a problem, or staff decided the problem.
  delivered: state({ phase: 'delivered', heading: null, along: 1, proofToEnter: 'delivery', money: 'answer', problem: 'after_delivery', moves: { finalised: ['system'] } }),
  finalised: state({ phase: 'done', heading: null, along: 1, tracked: false, list: 'previous', money: 'answer', problem: 'after_delivery', terminal: true, moves: {} }),
  cancelled: state({ phase: 'cancelled', heading: null, along: null, tracked: false, pickedUp: false, list: 'cancelled', money: 'ended', terminal: true, moves: {} }),
};

/** The states whose descriptor answers yes: the one way a list of states is written outside this file. */
export const statesWhere = (test: (d: StateDescriptor, name: ShipmentStateName) => boolean): ShipmentStateName[] => SHIPMENT_STATES.filter((s) => test(SHIPMENT_STATE[s], s));

/** The state a sender's cancellation leads to, a driver's give-back, an accepted offer, a job's creation. */
export const CANCELLED = 'cancelled' satisfies ShipmentStateName;
export const GIVEN_BACK = 'new' satisfies ShipmentStateName;
export const ACCEPTED = 'accepted' satisfies ShipmentStateName;
export const FIRST_STATE = 'new' satisfies ShipmentStateName;
/** The driver's step that hands the goods over (the delivery time, the release's 24 hours count from it). */
export const HANDED_OVER = 'delivered' satisfies ShipmentStateName;
/** A delivered job whose money is settled (released, or its problem decided): done, and the parties may rate each other. */
export const FINISHED = 'finalised' satisfies ShipmentStateName;

/** The state a proof lets the driver move the job to (the pickup's: loaded; the delivery's: delivered). */
export const stateAfterProof = (kind: ProofKind): ShipmentStateName => statesWhere((d) => d.proofToEnter === kind)[0]!;

/** Who may move a shipment from a state to which next states. */
export const TRANSITIONS: Readonly<Record<ShipmentStateName, StateDescriptor['moves']>> = Object.fromEntries(SHIPMENT_STATES.map((s) => [s, SHIPMENT_STATE[s].moves])) as Record<
  ShipmentStateName,
  StateDescriptor['moves']
>;

export function canTransition(from: ShipmentStateName, to: ShipmentStateName, actor: Actor): boolean {
  return SHIPMENT_STATE[from].moves[to]?.includes(actor) ?? false;
}

/** The driver's next step in the normal flow (the demo drivers take it); the first of the listed moves. */
export function nextDriverState(from: ShipmentStateName): ShipmentStateName | null {
  const moves = SHIPMENT_STATE[from].moves;
  return (Object.keys(moves) as ShipmentStateName[]).find((to) => moves[to]!.includes('driver')) ?? null;
}

/** Whether the job is open for offers (new, and its pickup window still open). */
export const isOpenForOffers = (s: { state: ShipmentStateName; pickup_date_till: number }, nowSeconds: number) => SHIPMENT_STATE[s.state].phase === 'open' && s.pickup_date_till > nowSeconds;

/**
 * The job-list filters of SPEC section 4. A new shipment whose pickup window has closed is
 * expired: it leaves 'active' for 'cancelled' (Cancelled/Expired) at exactly pickup_date_till.
 */
export function matchesFilter(filter: ListFilter, s: { state: ShipmentStateName; pickup_date_till: number }, nowSeconds: number): boolean {
  const list = SHIPMENT_STATE[s.state].list;
  if (list === 'active') return (s.pickup_date_till > nowSeconds ? 'active' : 'cancelled') === filter;
  return list === filter;
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
