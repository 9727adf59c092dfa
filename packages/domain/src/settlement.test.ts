import { describe, expect, it } from 'vitest';
import { costBreakdown } from './pricing.ts';
import { driverEarnings, jobSplit, type JobSplit, payoutWeek, payoutWeekBounds, payoutWeekOf, remainderSplit, statementWeekSchema } from './settlement.ts';

describe('what a driver earns', () => {
  it('takes the commission off the price (half a cent to the driver) and adds VAT only for a VAT-registered driver', () => {
    expect(driverEarnings(15_000, 12, false)).toEqual({ price: 15_000, commission: 1_800, net: 13_200, vat: 2_772, payable: 15_972, commission_percent: 12, vat_percent: 21 });
    expect(driverEarnings(15_000, 12, true)).toMatchObject({ vat: 0, payable: 13_200, vat_percent: 0 });
    // 12 % of 95.55 € is 11.466 €: the commission is 11.46 €, the driver keeps the half cent.
    expect(driverEarnings(9_555, 12, true)).toMatchObject({ commission: 1_146, net: 8_409 });
    expect(() => driverEarnings(100.5, 12, true)).toThrow(RangeError);
  });
});

describe('the payout week', () => {
  it('starts on Monday at midnight in Brussels, in winter and in summer time', () => {
    // Sunday 22/11/2026 23:59:59 in Brussels is 22:59:59 UTC; Monday begins at 23:00 UTC.
    expect(payoutWeek(new Date('2026-11-22T22:59:59Z'))).toMatchObject({ payoutDay: false, nextPayoutDay: new Date('2026-11-22T23:00:00Z') });
    expect(payoutWeek(new Date('2026-11-22T23:00:00Z'))).toEqual({ payoutDay: true, weekStart: new Date('2026-11-22T23:00:00Z'), nextPayoutDay: new Date('2026-11-29T23:00:00Z') });
    // Summer time: Monday 6/7/2026 begins at 22:00 UTC on Sunday.
    expect(payoutWeek(new Date('2026-07-05T22:00:00Z')).payoutDay).toBe(true);
    expect(payoutWeek(new Date('2026-07-05T21:59:59Z')).payoutDay).toBe(false);
    // The week that holds the change back to winter time (Sunday 25/10/2026) still starts on Monday 19/10.
    expect(payoutWeek(new Date('2026-10-25T12:00:00Z')).weekStart).toEqual(new Date('2026-10-18T22:00:00Z'));
  });
});

describe('the limits of a driver’s earnings', () => {
  it.each([
    [0, 12, true],
    [100, 0, false],
    [100, 99.99, false],
  ])('computes %i cents at %f % commission', (price, commission, exempt) => {
    const e = driverEarnings(price, commission, exempt);
    expect(e.commission + e.net).toBe(price);
    expect(e.payable).toBe(e.net + e.vat);
  });

  it.each([
    [-1, 12],
    [100.5, 12],
    [100, 100],
    [100, -1],
    [100, Number.NaN],
  ])('refuses %f cents at %f % commission', (price, commission) => {
    expect(() => driverEarnings(price, commission, false)).toThrow(RangeError);
    expect(() => driverEarnings(price, commission, false)).toThrow(Number.isInteger(price) && price >= 0 ? 'commission must be a percentage under 100' : 'price must be whole cents');
  });

  it('rounds the driver’s VAT to the nearest cent (half up)', () => {
    // 12 % of 1,250 is 150: net 1,100 x 21 % = 231; net 8,802 (10,002 - 1,200) x 21 % = 1,848.42 -> 1,848; 8,810 -> 1,850.1 -> 1,850.
    expect(driverEarnings(1_250, 12, false).vat).toBe(231);
    expect(driverEarnings(10_002, 12, false)).toMatchObject({ commission: 1_200, net: 8_802, vat: 1_848, payable: 10_650 });
    // 50 x 21 % = 10.5 -> 11.
    expect(driverEarnings(50, 0, false).vat).toBe(11);
  });
});

describe('how a released job’s money divides', () => {
  // 150 € driver's price, the 1,250 € all-risk cover (9 €), 21 % VAT: the sender paid 192.39 €.
  const cost = costBreakdown(15_000, 'all_1250', 21);
  const whole = (s: JobSplit) => s.vat_out + s.insurance + s.driver.commission + s.driver.net;

  it('splits the charge into the VAT owed, the premium, the commission and the driver’s net price', () => {
    const s = jobSplit(cost, 12, false);
    expect(s).toEqual({ charged: 19_239, vat_out: 3_339, insurance: 900, driver: driverEarnings(15_000, 12, false) });
    expect(whole(s)).toBe(s.charged);
    expect(jobSplit(cost, 12, true).driver).toMatchObject({ vat: 0, payable: 13_200 });
  });

  it('divides what is still held after a partial refund like a release at a lower price', () => {
    // Half refunded (96.19 € back): 96.20 € held, of which 16.70 € VAT, 9 € premium, 70.50 € driver's price.
    const s = remainderSplit(cost, 9_620, 12, false);
    expect(s).toEqual({ charged: 9_620, vat_out: 1_670, insurance: 900, driver: driverEarnings(7_050, 12, false) });
    expect(whole(s)).toBe(9_620);
  });

  it('keeps the whole split when nothing was refunded, and nothing when all was', () => {
    expect(remainderSplit(cost, 19_239, 12, false)).toEqual(jobSplit(cost, 12, false));
    expect(remainderSplit(cost, 0, 12, false)).toEqual({ charged: 0, vat_out: 0, insurance: 0, driver: driverEarnings(0, 12, false) });
  });

  it('gives the premium only what is left after VAT when little is held, the driver nothing', () => {
    const s = remainderSplit(cost, 500, 12, false);
    expect(s).toMatchObject({ charged: 500, vat_out: 87, insurance: 413 });
    expect(s.driver.price).toBe(0);
    expect(whole(s)).toBe(500);
  });
});

describe('payout weeks and statements', () => {
  it('puts an instant in the week of the Monday before it, Brussels time', () => {
    expect(payoutWeekOf(new Date('2026-11-22T22:59:59Z'))).toBe('2026-11-16');
    expect(payoutWeekOf(new Date('2026-11-22T23:00:00Z'))).toBe('2026-11-23');
    expect(payoutWeekOf(new Date('2026-11-25T12:00:00Z'))).toBe('2026-11-23');
  });

  it('bounds a week from Monday midnight to the next, across the change to winter time', () => {
    expect(payoutWeekBounds('2026-10-19')).toEqual({ start: new Date('2026-10-18T22:00:00Z'), end: new Date('2026-10-25T23:00:00Z') });
  });

  it.each([
    ['2026-11-23', true],
    ['2026-11-24', false],
    ['2026-11-22', false],
    ['2026-02-30', false],
    ['2026-1-05', false],
    ['2026-11-23x', false],
    ['', false],
  ])('takes statement week %j: %s (a real Monday, YYYY-MM-DD)', (week, ok) => {
    expect(statementWeekSchema.safeParse(week).success).toBe(ok);
  });
});
