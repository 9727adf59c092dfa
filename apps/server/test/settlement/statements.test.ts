import { SANDBOX_SETTLE_SECONDS } from '../../src/adapters/payouts/payout-provider.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { login } from '../helpers/flows.ts';
import { acceptedShipment, answerDelivery, delivered, moneyMarket } from '../helpers/held-money.ts';
import { type Auth, createDriver } from '../helpers/marketplace.ts';
import type { TestApp } from '../helpers/test-app.ts';

// Issue 22: the driver's weekly statement. The weeks in which jobs were released to them, and per
// week a PDF in their language: the jobs with the earnings' figures, totals, the payout each went
// out in and what is still held. Only their own data: another driver's week, or an empty one, is 404.

let t: TestApp;
let sender: { auth: Auth; email: string };
let driver: { id: number; email: string; auth: Auth };

beforeEach(async () => {
  ({ t, sender, driver } = await moneyMarket());
});
afterEach(() => t.close());

const pdfText = async (body: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text;
const get = (url: string, auth: Auth = driver.auth) => t.app.inject({ method: 'GET', url, headers: auth });
const reference = async (id: number) => (await t.handle.db.selectFrom('shipments').select('referenceId').where('id', '=', id).executeTakeFirstOrThrow()).referenceId;

/** The test clock starts on Sunday 22/11/2026 10:00 UTC (week of Monday 16/11); Monday begins at 23:00 UTC in Brussels. */
async function releasedThisWeek(price: number): Promise<number> {
  const id = await acceptedShipment(t, sender, driver, price);
  await delivered(t, driver, id);
  expect((await answerDelivery(t, sender, id, 'confirmed')).statusCode).toBe(200);
  return id;
}

describe('weekly statements', () => {
  it('lists the weeks with released jobs and makes the week’s PDF with the figures, the payout and what is still held', async () => {
    expect((await get('/api/driver/statements')).json()).toEqual({ weeks: [] });
    const first = await releasedThisWeek(150);
    const second = await releasedThisWeek(80);
    // A third job delivered with no answer yet: its money is still held.
    const held = await acceptedShipment(t, sender, driver, 60);
    await delivered(t, driver, held);

    const list = await get('/api/driver/statements');
    expect(list.statusCode).toBe(200);
    // 150 €: 18.00 commission, 132.00 net, 27.72 VAT, 159.72; 80 €: 9.60, 70.40, 14.78, 85.18.
    expect(list.json()).toEqual({ weeks: [{ week: '2026-11-16', week_end: '2026-11-22', jobs: 2, payable: 244.9 }] });

    // Monday's payout carries both; it is paid a while later.
    t.clock.advance(13 * 3600 + 10 * 60);
    expect(await t.app.payouts.run()).toBe(1);
    t.clock.advance(SANDBOX_SETTLE_SECONDS);
    await t.app.payouts.run();
    const payout = await t.handle.db.selectFrom('payouts').select(['providerRef', 'status']).where('driverId', '=', driver.id).executeTakeFirstOrThrow();
    expect(payout.status).toBe('paid');

    // The driver signs in again (the test clock moved past their token's life).
    driver.auth = { authorization: `Bearer ${(await login(t, driver.email, 'rijden123')).json().access_token}` };
    const res = await get('/api/driver/statements/2026-11-16.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-language']).toBe('nl');
    const text = await pdfText(res.rawPayload);
    const who = await t.handle.db
      .selectFrom('users as u')
      .innerJoin('driverProfiles as p', 'p.userId', 'u.id')
      .select(['u.firstName', 'u.lastName', 'p.iban', 'p.vat'])
      .where('u.id', '=', driver.id)
      .executeTakeFirstOrThrow();
    expect(text).toContain('Weekoverzicht');
    expect(text).toContain('Week van 16/11/2026 - 22/11/2026');
    expect(text).toContain('Vrachtmarkt');
    expect(text).toContain(`${who.firstName} ${who.lastName}`);
    expect(text).toContain(`Btw-nummer: ${who.vat}`);
    expect(text).toContain(`**** ${who.iban.slice(-4)}`);
    expect(text).not.toContain(who.iban);
    for (const figure of ['€ 150,00', '€ 18,00', '€ 132,00', '€ 27,72', '€ 159,72', '€ 80,00', '€ 9,60', '€ 70,40', '€ 14,78', '€ 85,18']) expect(text).toContain(figure);
    // Totals: 230.00 price, 27.60 commission, 202.40 net, 42.50 VAT, 244.90 paid.
    for (const figure of ['€ 230,00', '€ 27,60', '€ 202,40', '€ 42,50', '€ 244,90']) expect(text).toContain(figure);
    expect(text).toContain(await reference(first));
    expect(text).toContain(await reference(second));
    expect(text).toContain(`Uitbetaling: 23/11/2026, betaald, referentie ${payout.providerRef}`);
    // Still held: the third job, 60 € gives 63.89 (52.80 net + 11.09 VAT).
    expect(text).toContain('Nog vastgehouden');
    expect(text).toContain(await reference(held));
    expect(text).toContain('€ 63,89');
  });

  it('is in the driver’s language', async () => {
    await releasedThisWeek(150);
    await t.handle.db.updateTable('users').set({ locale: 'fr' }).where('id', '=', driver.id).execute();
    const fr = await get('/api/driver/statements/2026-11-16.pdf');
    expect(fr.headers['content-language']).toBe('fr');
    const text = await pdfText(fr.rawPayload);
    expect(text).toContain('Relevé hebdomadaire');
    expect(text).toContain('Semaine du 16/11/2026 - 22/11/2026');
    expect(text).toContain('159,72 €');
    // Not paid out yet: it goes with Monday's payout.
    expect(text).toContain('Versement : avec le prochain versement le 23/11/2026'.replace(' :', ':'));

    await t.handle.db.updateTable('users').set({ locale: 'en' }).where('id', '=', driver.id).execute();
    const en = await pdfText((await get('/api/driver/statements/2026-11-16.pdf')).rawPayload);
    expect(en).toContain('Weekly statement');
    expect(en).toContain('Week of 2026-11-16 - 2026-11-22');
    expect(en).toContain('€159.72');
  });

  it('answers 404 for a week with nothing and for another driver’s week, and the same 404 for a day that is not a Monday', async () => {
    await releasedThisWeek(150);
    expect((await get('/api/driver/statements/2026-11-09.pdf')).statusCode).toBe(404);
    expect((await get('/api/driver/statements/2026-11-23.pdf')).statusCode).toBe(404);
    const other = await createDriver(t);
    expect((await get('/api/driver/statements/2026-11-16.pdf', other.auth)).statusCode).toBe(404);
    expect((await get('/api/driver/statements', other.auth)).json()).toEqual({ weeks: [] });
    // A malformed week is a path that names nothing (the server answers invalid path parameters with 404).
    const invalid = ['2026-11-17', '2026-02-30', '16-11-2026', '2026-11-16x', '2026-1-16'];
    const answers = await Promise.all(invalid.map(async (week) => [week, (await get(`/api/driver/statements/${week}.pdf`)).statusCode]));
    expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(invalid.map((w) => [w, 404])));
    // A sender is not a driver.
    expect((await get('/api/driver/statements/2026-11-16.pdf', sender.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/driver/statements/2026-11-16.pdf' })).statusCode).toBe(401);
  });
});
