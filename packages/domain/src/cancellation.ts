import { z } from 'zod';
import { SHIPMENT_STATE, type ShipmentStateName, statesWhere } from './shipment-states.ts';
import { addDays, localParts, zonedInstant } from './zoned-time.ts';

// The published cancellation ladder (issue 22, part 4). Pure: the caller passes the moment of
// cancelling, so the server, the sender app (the table and "free until ...") and the tests agree.
//
// Before acceptance cancelling is free (nothing was charged). After acceptance the sender may
// cancel for free until 48 h before the pickup window opens; then a fee of 25 % of the all-in price
// until 24 h before, 50 % until the window opens, and 100 % from the moment the window opens until
// the goods go on board (state `loading`), after which nobody can cancel. A driver who cancels after
// acceptance costs the sender nothing: the whole charge goes back and the job returns to `new`.
//
// Time: "48 h before" and "24 h before" are counted on the wall clock of the pickup's time zone
// (Europe/Brussels for every Belgian pickup): the same clock time 2 and 1 calendar days before the
// window opens. A sender who books a pickup on Thursday 10:00 reads "free until Tuesday 10:00",
// also across the last Sunday of March or October, where that is 47 or 49 elapsed hours. A
// boundary that falls in the hour skipped in spring (02:00-03:00) moves one hour later, and one
// that falls in the hour that happens twice in autumn takes its first occurrence (`zonedInstant`).
//
// Each step holds from its start (inclusive) to the next step's start (exclusive): at exactly
// 48 h before the window the 25 % step applies, at exactly the window's opening the 100 % step.
//
// Money is integer cents. fee = round(price x percent / 100), halves rounded up (x.5 cent -> x+1);
// the driver's share = round(fee x 80 / 100), halves up; the platform keeps the rest (fee - driver
// share), so the two shares always add up to the fee. Every intermediate value is an exact
// multiple of 1/4 or 1/5 cent, so the floating-point arithmetic below is exact where it rounds.

/** Of a cancellation fee, the driver's part (they kept the slot free and may have set out) in percent. */
export const CANCELLATION_DRIVER_SHARE_PERCENT = 80;
/** Of a cancellation fee, the platform's part in percent (the rest after the driver's share). */
export const CANCELLATION_PLATFORM_SHARE_PERCENT = 100 - CANCELLATION_DRIVER_SHARE_PERCENT;

/** The states in which the goods are on board or the shipment is over: no cancelling any more. */
export const NOT_CANCELLABLE_STATES: readonly ShipmentStateName[] = statesWhere((d) => d.senderCancel === null);

/** Accepted, the goods not yet on board: the states where the ladder's fees apply. */
export const LADDER_STATES: readonly ShipmentStateName[] = statesWhere((d) => d.senderCancel === 'ladder');

export const CANCELLATION_STEP_IDS = ['before_acceptance', 'free', 'fee_25', 'fee_50', 'fee_100', 'goods_on_board'] as const;
export type CancellationStepId = (typeof CANCELLATION_STEP_IDS)[number];

export type CancellationStep = {
  id: CancellationStepId;
  /** Whether the sender can cancel in this step. */
  allowed: boolean;
  /** The fee in percent of the all-in price (VAT included). */
  fee_percent: number;
  /**
   * Where the step starts, in hours before the pickup window opens on its wall clock (0 = the
   * opening itself); null when a state starts it rather than the clock (before acceptance: from
   * creation; goods on board: from `loading`).
   */
  starts_hours_before_window: number | null;
};

/** The published ladder, in order, as the sender's table shows it. */
export const CANCELLATION_LADDER: readonly CancellationStep[] = [
  { id: 'before_acceptance', allowed: true, fee_percent: 0, starts_hours_before_window: null },
  { id: 'free', allowed: true, fee_percent: 0, starts_hours_before_window: null },
  { id: 'fee_25', allowed: true, fee_percent: 25, starts_hours_before_window: 48 },
  { id: 'fee_50', allowed: true, fee_percent: 50, starts_hours_before_window: 24 },
  { id: 'fee_100', allowed: true, fee_percent: 100, starts_hours_before_window: 0 },
  { id: 'goods_on_board', allowed: false, fee_percent: 0, starts_hours_before_window: null },
];

const stepById = (id: CancellationStepId) => CANCELLATION_LADDER.find((s) => s.id === id)!;

export type CancellationInput = {
  /** The moment of cancelling, Unix seconds. */
  now: number;
  /** The shipment's current state. */
  state: ShipmentStateName;
  /** The instant the pickup window opens, Unix seconds (ShipmentRead.pickup_date_from). */
  pickup_date_from: number;
  /** The pickup's IANA time zone (ShipmentRead.pickup_timezone). */
  pickup_timezone: string;
  /** The all-in price the sender pays, VAT included, in cents (what acceptance charged). */
  price_cents: number;
  /** Who cancels. */
  by: 'sender' | 'driver';
};

export type CancellationRefusal = 'goods_on_board' | 'finished' | 'already_cancelled' | 'no_driver_yet';

export type CancellationOutcome = {
  allowed: boolean;
  /** What the sender pays for cancelling, cents (0 when not allowed). */
  fee_cents: number;
  driver_share_cents: number;
  platform_share_cents: number;
  /**
   * What goes back to the sender of the amount charged at acceptance: price - fee after
   * acceptance, the whole price when the driver cancels, 0 before acceptance (nothing charged) or
   * when not allowed.
   */
  refund_cents: number;
  /**
   * The ladder step that applies; for a driver's cancellation the step the clock is in (no fee
   * either way); null for a shipment that is already cancelled.
   */
  step_id: CancellationStepId | null;
  /** When the fee goes up next, Unix seconds; null when it never will (before acceptance, 100 %, refused, driver). */
  next_step_at: number | null;
  /** The state the job goes to: cancelled by the sender, back to `new` (offers open again) by the driver; null when refused. */
  next_state: 'cancelled' | 'new' | null;
  /** Why cancelling is refused (only when not allowed). */
  refusal: CancellationRefusal | null;
};

export type CancellationBoundaries = {
  /** Start of the 25 % step: 2 days before the opening, same wall-clock time. */
  fee_25: number;
  /** Start of the 50 % step: 1 day before the opening, same wall-clock time. */
  fee_50: number;
  /** Start of the 100 % step: the window's opening. */
  fee_100: number;
};

/** The instants (Unix seconds) at which the fee steps up for a pickup window opening at `pickup_date_from`. */
export function cancellationBoundaries(pickup_date_from: number, pickup_timezone: string): CancellationBoundaries {
  const opening = new Date(pickup_date_from * 1000);
  const { date, time } = localParts(opening, pickup_timezone);
  // localParts reads to the minute; keep any seconds past it (a window opening at 10:00:30 stays so).
  const extraSeconds = pickup_date_from - zonedInstant(date, time, pickup_timezone).getTime() / 1000;
  const daysBefore = (days: number) => zonedInstant(addDays(date, -days), time, pickup_timezone).getTime() / 1000 + extraSeconds;
  return { fee_25: daysBefore(2), fee_50: daysBefore(1), fee_100: pickup_date_from };
}

/** Rounds half up; the inputs here are never negative. */
const roundHalfUp = (x: number) => Math.floor(x + 0.5);

/** Splits a fee: the driver's share rounded half up to the cent, the platform the rest. */
export function splitCancellationFee(fee_cents: number): { driver_share_cents: number; platform_share_cents: number } {
  const driver_share_cents = roundHalfUp((fee_cents * CANCELLATION_DRIVER_SHARE_PERCENT) / 100);
  return { driver_share_cents, platform_share_cents: fee_cents - driver_share_cents };
}

/** Which ladder step a moment after acceptance falls in, and when the next one starts. */
function stepAt(now: number, b: CancellationBoundaries): { id: CancellationStepId; next: number | null } {
  if (now < b.fee_25) return { id: 'free', next: b.fee_25 };
  if (now < b.fee_50) return { id: 'fee_25', next: b.fee_50 };
  if (now < b.fee_100) return { id: 'fee_50', next: b.fee_100 };
  return { id: 'fee_100', next: null };
}

const refused = (step_id: CancellationStepId | null, refusal: CancellationRefusal): CancellationOutcome => ({
  allowed: false,
  fee_cents: 0,
  driver_share_cents: 0,
  platform_share_cents: 0,
  refund_cents: 0,
  step_id,
  next_step_at: null,
  next_state: null,
  refusal,
});

/** What cancelling now costs, who gets what, and what happens to the job. */
export function cancellationOutcome(input: CancellationInput): CancellationOutcome {
  const { now, state, price_cents, by } = input;
  if (!Number.isSafeInteger(price_cents) || price_cents < 0) throw new RangeError(`price_cents must be a non-negative integer, got ${price_cents}`);

  const d = SHIPMENT_STATE[state];
  if (d.phase === 'cancelled') return refused(null, 'already_cancelled');
  if (d.phase === 'delivered' || d.phase === 'done') return refused('goods_on_board', 'finished');
  if (d.senderCancel === null) return refused('goods_on_board', 'goods_on_board');

  if (d.senderCancel === 'free') {
    // A driver has nothing to cancel before an offer of theirs is accepted (they withdraw the offer instead).
    if (by === 'driver') return refused('before_acceptance', 'no_driver_yet');
    return {
      allowed: true,
      fee_cents: 0,
      driver_share_cents: 0,
      platform_share_cents: 0,
      refund_cents: 0,
      step_id: 'before_acceptance',
      next_step_at: null,
      next_state: 'cancelled',
      refusal: null,
    };
  }

  const step = stepAt(now, cancellationBoundaries(input.pickup_date_from, input.pickup_timezone));
  if (by === 'driver') {
    return {
      allowed: true,
      fee_cents: 0,
      driver_share_cents: 0,
      platform_share_cents: 0,
      refund_cents: price_cents,
      step_id: step.id,
      next_step_at: null,
      next_state: 'new',
      refusal: null,
    };
  }
  const fee_cents = roundHalfUp((price_cents * stepById(step.id).fee_percent) / 100);
  return {
    allowed: true,
    fee_cents,
    ...splitCancellationFee(fee_cents),
    refund_cents: price_cents - fee_cents,
    step_id: step.id,
    next_step_at: step.next,
    next_state: 'cancelled',
    refusal: null,
  };
}

// ---------------------------------------------------------------------------------------------
// On the wire (issue 22 part 4)

/**
 * GET /api/shipment/{id}/cancellation: what cancelling costs the sender now, in euros, with the
 * ladder's boundaries for "free until ..." (null before acceptance: nothing was charged). The
 * sender's cancel request after acceptance names the `fee` shown here.
 */
export const cancellationQuoteSchema = z.object({
  allowed: z.boolean(),
  /** What was charged at acceptance (0 before). */
  charged: z.number(),
  fee: z.number(),
  refund: z.number(),
  step: z.enum(CANCELLATION_STEP_IDS).nullable(),
  /** When the fee goes up next, Unix seconds. */
  next_step_at: z.number().int().nullable(),
  refusal: z.enum(['goods_on_board', 'finished', 'already_cancelled', 'no_driver_yet']).nullable(),
  boundaries: z.object({ fee_25: z.number().int(), fee_50: z.number().int(), fee_100: z.number().int() }).nullable(),
});
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

/** POST /api/driver/shipment/{id}/cancel: a driver gives up an accepted job before loading, with a reason staff read. */
export const driverCancelSchema = z.object({ reason: z.string().trim().min(3, 'too_short').max(500, 'too_long') });
export const driverCancelReadSchema = z.object({ state: z.literal('new'), refund: z.number() });
