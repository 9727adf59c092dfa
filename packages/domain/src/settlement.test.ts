import { describe, expect, it } from 'vitest';
import { driverEarnings, payoutWeek } from './settlement.ts';

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
