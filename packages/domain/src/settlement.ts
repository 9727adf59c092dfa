import { z } from 'zod';
import type { CostBreakdownCents } from './pricing.ts';
import { addDays, localParts, weekdayOf, zonedInstant } from './zoned-time.ts';

// Issue 22, money held until delivery (decision 0031): how one job's money divides when it is
// released. The platform sells the transport to the sender and buys it from the driver (decision
// 0030); the sender's all-in price (the cost table: the driver's price, the insurance, VAT) is
// never raised, the commission is taken from the driver's price.

/** The platform's commission on the driver's price when no setting says otherwise (COMMISSION_PERCENT). */
export const DEFAULT_COMMISSION_PERCENT = 12;
/** The Belgian standard rate a VAT-registered driver charges the platform. */
export const DRIVER_VAT_PERCENT = 21;

/** What the driver earns on a price (cents, without VAT): the platform's commission off, their VAT (if registered) on. */
export type DriverEarnings = { price: number; commission: number; net: number; vat: number; payable: number; commission_percent: number; vat_percent: number };

export function driverEarnings(priceCents: number, commissionPercent: number, vatExempt: boolean): DriverEarnings {
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new RangeError('price must be whole cents');
  if (!(commissionPercent >= 0 && commissionPercent < 100)) throw new RangeError('commission must be a percentage under 100');
  // Half a cent goes to the driver.
  const commission = Math.floor((priceCents * commissionPercent) / 100);
  const net = priceCents - commission;
  const vatPercent = vatExempt ? 0 : DRIVER_VAT_PERCENT;
  const vat = Math.round((net * vatPercent) / 100);
  return { price: priceCents, commission, net, vat, payable: net + vat, commission_percent: commissionPercent, vat_percent: vatPercent };
}

/**
 * A released job's money, in cents: the sender paid `charged` (the cost table's total); it divides
 * into the VAT the platform owes on it, the insurance premium, the commission and the driver's net
 * price; the driver is owed their net price plus their VAT, which the platform may deduct.
 * charged = vat_out + insurance + commission + driver.net.
 */
export type JobSplit = { charged: number; vat_out: number; insurance: number; driver: DriverEarnings };

export function jobSplit(cost: CostBreakdownCents, commissionPercent: number, driverVatExempt: boolean): JobSplit {
  return { charged: cost.total.aftertaxes, vat_out: cost.vat.amount, insurance: cost.insurance, driver: driverEarnings(cost.route, commissionPercent, driverVatExempt) };
}

/**
 * Issue 23: after part of a job's money went back to the sender (staff decided a problem), what is
 * still held divides like a release of a lower price: the VAT still in it (the sale's VAT less what
 * the credit note took back), the insurance premium (the cover was given), and the driver's price
 * that remains, with the commission off it. held = vat_out + insurance + commission + driver.net.
 */
export function remainderSplit(cost: CostBreakdownCents, heldCents: number, commissionPercent: number, driverVatExempt: boolean): JobSplit {
  const refunded = cost.total.aftertaxes - heldCents;
  const vatRefunded = refunded - Math.round((refunded * 100) / (100 + cost.vat.percent));
  const vat_out = Math.min(cost.vat.amount - vatRefunded, heldCents);
  const net = heldCents - vat_out;
  const insurance = Math.min(cost.insurance, net);
  return { charged: heldCents, vat_out, insurance, driver: driverEarnings(net - insurance, commissionPercent, driverVatExempt) };
}

/**
 * Where a paid job's money is: held by the platform until delivery, on hold (the sender reported a
 * problem: staff decide), released to the driver (waiting for the weekly payout), paid out to the
 * driver's bank, or refunded to the sender.
 */
export const MONEY_STATUSES = ['held', 'on_hold', 'released', 'paid_out', 'refunded'] as const;
export type MoneyStatus = (typeof MONEY_STATUSES)[number];

/** GET /api/driver/earnings: each of the driver's accepted jobs, what it pays them and where that money is. */
export const driverEarningSchema = z.object({
  shipment_id: z.number(),
  reference: z.string(),
  pickup_city: z.string(),
  delivery_city: z.string(),
  /** Unix seconds; null until delivered. */
  delivered_at: z.number().nullable(),
  /** Euros: the driver's price, the commission off it, the driver's VAT on the rest, what they are paid. */
  price: z.number(),
  commission_percent: z.number(),
  commission: z.number(),
  vat_percent: z.number(),
  vat: z.number(),
  payable: z.number(),
  /** null while the job is not paid for (an invoice sender's job is booked at acceptance too). */
  status: z.enum(MONEY_STATUSES).nullable(),
  /**
   * Unix seconds: for held money, when it is released at the latest (24 hours after delivery); for
   * released money, when it should be in the driver's bank (the next weekly payout, or a day after
   * the payout that carries it was sent); null otherwise.
   */
  expected_at: z.number().nullable(),
});
export type DriverEarning = z.infer<typeof driverEarningSchema>;
export const driverEarningsReadSchema = z.object({
  items: z.array(driverEarningSchema),
  /** The driver's latest payouts (20): a failed one says why, and is sent again once the IBAN is changed. */
  payouts: z.array(z.object({ id: z.number(), amount: z.number(), status: z.enum(['pending', 'paid', 'failed']), created_at: z.number(), failure_reason: z.string().nullable() })),
  /** Euros per status, over the items. */
  totals: z.object({ held: z.number(), on_hold: z.number(), released: z.number(), paid_out: z.number() }),
  /**
   * The payout provider asks the driver to finish setting up payouts on its own pages (Stripe
   * Connect's hosted onboarding) before money can go out: where. Null (or absent) when nothing is asked.
   */
  payout_setup: z
    .object({ url: z.url({ protocol: /^https?$/ }).max(2000) })
    .nullable()
    .optional(),
});
export type DriverEarningsRead = z.infer<typeof driverEarningsReadSchema>;

// --- weekly payouts (decision 0031) ---

/** Drivers are paid every week on this ISO weekday (1 = Monday), Belgian time, everything released before it. */
export const PAYOUT_WEEKDAY = 1;
const PAYOUT_ZONE = 'Europe/Brussels';

/**
 * The payout week of an instant, on Belgian clocks: whether it is payout day, when this week's
 * payout day began, and when the next one begins (for "paid out on ...").
 */
export function payoutWeek(now: Date): { payoutDay: boolean; weekStart: Date; nextPayoutDay: Date } {
  const { date, weekday } = localParts(now, PAYOUT_ZONE);
  const back = (weekday - PAYOUT_WEEKDAY + 7) % 7;
  const start = addDays(date, -back);
  return { payoutDay: back === 0, weekStart: zonedInstant(start, '00:00', PAYOUT_ZONE), nextPayoutDay: zonedInstant(addDays(start, 7), '00:00', PAYOUT_ZONE) };
}

// --- weekly statements (issue 22) ---

/** Statement weeks listed at most (a year of weeks and then some). */
export const MAX_STATEMENT_WEEKS = 60;

/** A statement's week: the date of its Monday, 'YYYY-MM-DD' (Belgian calendar). */
export const statementWeekSchema = z
  .string()
  .max(10)
  // One check: zod runs refinements after a failed regex too, and a malformed date must not reach the date maths.
  .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && addDays(d, 0) === d && weekdayOf(d) === PAYOUT_WEEKDAY, 'not a Monday');
export const statementParamsSchema = z.object({ week: statementWeekSchema });

/** GET /api/driver/statements: the weeks with something on a statement, newest first. */
export const driverStatementsReadSchema = z.object({
  weeks: z
    .array(
      z.object({
        /** The Monday of the week, 'YYYY-MM-DD'. */
        week: z.string(),
        /** The Sunday it ends on, 'YYYY-MM-DD'. */
        week_end: z.string(),
        /** Jobs released to the driver that week. */
        jobs: z.number(),
        /** Euros: what those jobs pay the driver. */
        payable: z.number(),
      }),
    )
    .max(MAX_STATEMENT_WEEKS),
});
export type DriverStatementsRead = z.infer<typeof driverStatementsReadSchema>;

/** The payout week (Monday, 'YYYY-MM-DD', Belgian calendar) an instant falls in. */
export function payoutWeekOf(instant: Date): string {
  const { date, weekday } = localParts(instant, PAYOUT_ZONE);
  return addDays(date, -((weekday - PAYOUT_WEEKDAY + 7) % 7));
}

/** When a payout week (its Monday) begins and ends, Belgian time: [start, end). */
export function payoutWeekBounds(week: string): { start: Date; end: Date } {
  return { start: zonedInstant(week, '00:00', PAYOUT_ZONE), end: zonedInstant(addDays(week, 7), '00:00', PAYOUT_ZONE) };
}
