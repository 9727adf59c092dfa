import { type InvoiceRead, parseStructuredCommunication } from '@vm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camt053File, type StatementCredit } from '../helpers/camt053-file.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { accept, type Auth, createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { multipart } from '../helpers/multipart.ts';
import { STAFF_ADMIN_TOKEN, staffSession } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 22 part 5, the SPEC's invoice payment for approved companies: the invoice is due in 30 days
// with a structured communication; staff (finance) import the bank's CAMT.053 statement and each
// credit is matched by its communication, once however often the file is imported; an invoice still
// unpaid after its due date gets a reminder mail, then one every two weeks.

let t: TestApp;
let finance: Auth;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: STAFF_ADMIN_TOKEN });
  finance = await staffSession(t, 'finance');
});
afterAll(() => t.close());

const COMPANY = { name: 'Peeters Meubelen BV', vat: 'BE0403170701', address: 'Kerkstraat 12, 3500 Hasselt', email: 'factuur@peeters.be' };
const admin = (args: string[]) => t.app.inject({ method: 'POST', url: '/api/admin/command', headers: { authorization: `Bearer ${STAFF_ADMIN_TOKEN}` }, payload: { args } });

/** An approved company that accepted an offer with invoice: its open invoice. */
async function invoiceOwed(price: number, email = COMPANY.email): Promise<{ sender: Auth; invoice: InvoiceRead }> {
  const sender = await registerAndLogin(t);
  const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: sender.auth })).json();
  await t.app.inject({ method: 'PUT', url: '/api/user', headers: sender.auth, payload: { first_name: me.first_name, last_name: me.last_name, cellphone: me.cellphone, birthday: me.birthday, address: me.address, company: { ...COMPANY, email } } });
  await t.app.inject({ method: 'POST', url: '/api/user/invoice', headers: sender.auth, payload: { action: 'request' } });
  expect((await admin(['invoice', 'approve', sender.email])).json().ok).toBe(true);
  const driver = await createDriver(t);
  const id = await createShipment(t, sender.auth);
  expect((await accept(t, sender.auth, id, await makeOffer(t, driver, id, price))).statusCode).toBe(200);
  await t.app.invoices.settled();
  await t.app.invoices.issueDue();
  const invoices = (await t.app.inject({ method: 'GET', url: '/api/invoices', headers: sender.auth })).json().invoices as InvoiceRead[];
  return { sender: sender.auth, invoice: invoices[0]! };
}

const importStatement = (xml: string, auth: Auth = finance) => {
  const body = multipart(undefined, [{ field: 'statement', filename: 'statement.xml', type: 'application/xml', data: Buffer.from(xml) }]);
  return t.app.inject({ method: 'POST', url: '/api/ops/bank-statements', headers: { ...auth, ...body.headers }, payload: body.payload });
};
const statement = (id: string, credits: StatementCredit[]) => camt053File({ id, iban: 'BE68539007547034', credits });
const cents = (euros: number) => Math.round(euros * 100);
const status = async (sender: Auth) => ((await t.app.inject({ method: 'GET', url: '/api/invoices', headers: sender })).json().invoices as InvoiceRead[])[0]!;

describe('paying an invoice by transfer', () => {
  it('matches the transfer by its structured communication: the invoice shows paid, the sender’s receivable is settled, once however often the file is imported', async () => {
    const { sender, invoice } = await invoiceOwed(200);
    expect(invoice.status).toBe('open');
    const owed = await t.app.ledger.balance({ kind: 'sender_receivable', userId: (await t.handle.db.selectFrom('invoices').select('userId').where('id', '=', invoice.id).executeTakeFirstOrThrow()).userId });
    expect(owed).toBe(cents(invoice.total));

    const xml = statement('STMT-1', [
      { amountCents: cents(invoice.total), communication: invoice.payment_communication!, reference: 'BANK-REF-1', bookingDate: '2026-11-24' },
      { amountCents: 1234, unstructured: 'betaling factuur zonder mededeling', reference: 'BANK-REF-2', bookingDate: '2026-11-24', debtorName: 'Iemand' },
    ]);
    const res = await importStatement(xml);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statements: 1,
      credits: 2,
      matched: [{ invoice: invoice.number, amount: invoice.total, booking_date: '2026-11-24', outcome: 'paid' }],
      already_imported: 0,
      unmatched: [{ amount: 12.34, reason: 'no_communication', debtor_name: 'Iemand', remittance: 'betaling factuur zonder mededeling' }],
    });
    expect(await status(sender)).toMatchObject({ status: 'paid' });
    const userId = (await t.handle.db.selectFrom('invoices').select('userId').where('id', '=', invoice.id).executeTakeFirstOrThrow()).userId;
    expect(await t.app.ledger.balance({ kind: 'sender_receivable', userId })).toBe(0);

    // The same file again: nothing moves twice.
    const again = await importStatement(xml);
    expect(again.json()).toMatchObject({ credits: 2, matched: [], already_imported: 2, unmatched: [] });
    expect(await t.app.ledger.balance({ kind: 'sender_receivable', userId })).toBe(0);
    expect((await t.app.ledger.check()).unbalanced).toEqual([]);
  });

  it('a part payment leaves the invoice open until the rest arrives; an unknown communication waits for staff', async () => {
    const { sender, invoice } = await invoiceOwed(150);
    const half = Math.floor(cents(invoice.total) / 2);
    const first = await importStatement(statement('STMT-2', [{ amountCents: half, communication: invoice.payment_communication!, reference: 'R-2a', bookingDate: '2026-11-25' }]));
    expect(first.json().matched).toEqual([expect.objectContaining({ outcome: 'partial' })]);
    expect(await status(sender)).toMatchObject({ status: 'open' });
    const rest = await importStatement(statement('STMT-3', [
      { amountCents: cents(invoice.total) - half, communication: invoice.payment_communication!, reference: 'R-3a', bookingDate: '2026-11-26' },
      { amountCents: 5000, communication: '+++090/9337/55493+++', reference: 'R-3b', bookingDate: '2026-11-26' },
    ]));
    expect(rest.json().matched).toEqual([expect.objectContaining({ invoice: invoice.number, outcome: 'paid' })]);
    expect(rest.json().unmatched).toEqual([expect.objectContaining({ amount: 50, reason: 'unknown_communication', communication: '+++090/9337/55493+++' })]);
    expect(parseStructuredCommunication('+++090/9337/55493+++')).not.toBeNull();
    expect(await status(sender)).toMatchObject({ status: 'paid' });
  });

  it('only finance and admin staff import statements; a file that is not CAMT.053 is refused with a reason', async () => {
    expect((await importStatement(statement('S', []), await staffSession(t, 'support'))).statusCode).toBe(403);
    expect((await importStatement(statement('S', []), (await registerAndLogin(t)).auth)).statusCode).toBe(401);
    const bad = await importStatement('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"/>');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_request', problem: 'not_camt053' });
    expect(bad.json().error_description).toMatch(/CAMT.053/);
  });
});

describe('reminders', () => {
  it('mails the company once the due date has passed, then every two weeks while it stays unpaid, never for a paid invoice', async () => {
    const { invoice } = await invoiceOwed(90, 'boekhouding@voorbeeld.be');
    const { invoice: paid } = await invoiceOwed(91, 'betaald@voorbeeld.be');
    await importStatement(statement('STMT-4', [{ amountCents: cents(paid.total), communication: paid.payment_communication!, reference: 'R-4', bookingDate: '2026-11-26' }]));
    const mailsTo = (to: string) => t.mails.filter((m) => m.to === to && m.subject.includes(invoice.number.slice(0, 3)));

    expect(await t.app.invoicePayments.remind()).toBe(0); // not due yet
    t.clock.advance(31 * 86_400);
    expect(await t.app.invoicePayments.remind()).toBeGreaterThanOrEqual(1);
    const first = mailsTo('boekhouding@voorbeeld.be');
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain(invoice.payment_communication!);
    expect(mailsTo('betaald@voorbeeld.be')).toHaveLength(0);
    // Not again the next day; again two weeks later.
    t.clock.advance(86_400);
    await t.app.invoicePayments.remind();
    expect(mailsTo('boekhouding@voorbeeld.be')).toHaveLength(1);
    t.clock.advance(14 * 86_400);
    await t.app.invoicePayments.remind();
    expect(mailsTo('boekhouding@voorbeeld.be')).toHaveLength(2);
  });
});
