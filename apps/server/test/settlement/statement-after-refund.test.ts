import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedShipment, delivered, releasedShipment, senderAndDriver } from '../helpers/held-money.ts';
import type { Auth } from '../helpers/marketplace.ts';
import { multipart } from '../helpers/multipart.ts';
import { STAFF_ADMIN_TOKEN, staffSession } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// A driver's weekly statement and earnings say what the driver was actually paid: a job whose
// problem staff settled with a part refund counts at the lower price the refund left, as booked
// in the ledger, not at the offer's price. (Tried as a new driver would, a week of a job paid
// 101.16 and one paid 23.96 after a half refund read "2 ritten, EUR 149,08".)

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: STAFF_ADMIN_TOKEN });
});
afterAll(() => t.close());

/** What the ledger credited the driver's payable with by releases, in cents. */
const releasedToDriver = async (driverId: number) => {
  const rows = await t.handle.db
    .selectFrom('ledgerEntries as e')
    .innerJoin('ledgerAccounts as a', 'a.id', 'e.accountId')
    .innerJoin('ledgerTransactions as x', 'x.id', 'e.transactionId')
    .select('e.amountCents')
    .where('a.kind', '=', 'driver_payable')
    .where('a.userId', '=', driverId)
    .where('x.kind', '=', 'release')
    .execute();
  return -rows.reduce((s, r) => s + Number(r.amountCents), 0);
};

describe('a week with a job settled by a part refund', () => {
  it('counts each job at what its release paid the driver, on the statement list, its PDF and the earnings', async () => {
    const { sender, driver } = await senderAndDriver(t);
    await releasedShipment(t, sender, driver, 95);

    const halved = await acceptedShipment(t, sender, driver, 45);
    await delivered(t, driver, halved);
    const { payload, headers } = multipart({ kind: 'other', text: 'De helft van de lading kwam beschadigd aan.' }, []);
    const reported = await t.app.inject({ method: 'POST', url: `/api/shipment/${halved}/problem`, payload, headers: { ...headers, ...sender.auth } });
    expect(reported.statusCode, reported.body).toBe(201);
    const finance = await staffSession(t, 'finance');
    const held = await t.app.ledger.heldFor(halved);
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/ops/problems/${reported.json().id}/decision`,
      headers: finance,
      payload: { outcome: 'refund', refund: Math.floor(held / 2) / 100, reason: 'De helft van de lading was beschadigd: de helft gaat terug.' },
    });
    expect(decided.statusCode, decided.body).toBe(200);

    const paid = await releasedToDriver(driver.id);
    // The whole job pays 95 - 12 % = 83.60 plus 21 % VAT: 101.16; the halved one pays less than half of 45's.
    expect(paid).toBeGreaterThan(10116);
    expect(paid).toBeLessThan(10116 + 5445 / 2);
    const auth: Auth = driver.auth;
    const weeks = (await t.app.inject({ method: 'GET', url: '/api/driver/statements', headers: auth })).json().weeks;
    expect(weeks).toEqual([{ week: '2026-11-16', week_end: '2026-11-22', jobs: 2, payable: paid / 100 }]);
    const pdf = await t.app.inject({ method: 'GET', url: '/api/driver/statements/2026-11-16.pdf', headers: auth });
    expect(pdf.statusCode).toBe(200);
    // The week's total, in the driver's language (Dutch): the sum of what the two releases paid.
    expect((await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })).text).toContain((paid / 100).toFixed(2).replace('.', ','));
    const earnings = (await t.app.inject({ method: 'GET', url: '/api/driver/earnings', headers: auth })).json();
    expect(Math.round(earnings.totals.released * 100)).toBe(paid);
    expect(earnings.items.map((i: { payable: number }) => i.payable).reduce((s: number, p: number) => s + Math.round(p * 100), 0)).toBe(paid);
  });
});
