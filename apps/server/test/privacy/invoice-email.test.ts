import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DELETED_USER_NAME, type EInvoiceDoc, type Locale } from '@vm/domain';
import type { Kysely } from 'kysely';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as forgetEmailsOfDeletedAccounts } from '../../src/db/migrations/0035-invoice-documents-forget-email.ts';
import { toPdf } from '../../src/lib/e-invoice/pdf.ts';
import { PEPPOL_TIMEOUT, validatePeppol } from '../e-invoice/validator.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { acceptedShipment, answerDelivery, delivered } from '../helpers/held-money.ts';
import { addCard, createDriver } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Decision 0035: a deleted account's e-mail is nowhere, its invoices included. The invoice stays the
// legal record it was (number, amounts, VAT, name, address) and can still be printed and validated.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Sender = Awaited<ReturnType<typeof registerAndLogin>>;

/** A sender whose job was carried, confirmed and invoiced; with a company, its invoicing e-mail is their own. */
async function invoicedSender(business: boolean): Promise<Sender> {
  const sender = await registerAndLogin(t);
  if (business) {
    const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: sender.auth })).json();
    const company = { name: 'Eenmanszaak Prv', vat: 'BE0403170701', address: 'Kerkstraat 12, 3500 Hasselt', email: sender.email };
    const put = await t.app.inject({ method: 'PUT', url: '/api/user', headers: sender.auth, payload: { first_name: me.first_name, last_name: me.last_name, cellphone: me.cellphone, birthday: me.birthday, address: me.address, company } });
    expect(put.statusCode, put.body).toBe(200);
  }
  await addCard(t, sender.auth);
  const driver = await createDriver(t);
  const id = await acceptedShipment(t, sender, driver, 150);
  await delivered(t, driver, id);
  expect((await answerDelivery(t, sender, id, 'confirmed')).statusCode).toBe(200);
  await t.app.invoices.settled();
  await t.app.invoices.issueDue();
  return sender;
}

const storedInvoices = (userId: number) => t.handle.db.selectFrom('invoices').select(['id', 'number', 'locale', 'totalCents', 'vatCents', 'document', 'ubl']).where('userId', '=', userId).orderBy('id').execute();

/** The PDF as GET /api/invoices/:id/pdf prints it from the kept document, as text. */
const pdfText = async (document: string, locale: string) => (await extractText(new Uint8Array(await toPdf(JSON.parse(document) as EInvoiceDoc, locale as Locale)), { mergePages: true })).text;

describe('the invoices of a deleted account', () => {
  it('keep their numbers, amounts and UBL, print and validate, and no longer hold the e-mail (document and UBL contact)', { timeout: PEPPOL_TIMEOUT }, async () => {
    const sender = await invoicedSender(true);
    const before = await storedInvoices(sender.id);
    expect(before.length).toBeGreaterThanOrEqual(1);
    expect(before[0]!.document).toContain(sender.email);
    expect(before[0]!.ubl).toContain(`<cbc:ElectronicMail>${sender.email}</cbc:ElectronicMail>`);

    const removed = await t.app.inject({ method: 'POST', url: '/api/user/delete', headers: sender.auth, payload: { password: sender.password } });
    expect(removed.statusCode, removed.body).toBe(204);

    const after = await storedInvoices(sender.id);
    expect(after.map((i) => [i.number, i.totalCents, i.vatCents])).toEqual(before.map((i) => [i.number, i.totalCents, i.vatCents]));
    for (const i of after) {
      expect(i.document).not.toContain(sender.email);
      expect(i.ubl).not.toBeNull();
      expect(i.ubl).not.toContain(sender.email);
      // The platform's own contact, on the other side, stays.
      expect(i.ubl).toContain(`<cbc:ElectronicMail>${t.config.platform.email}</cbc:ElectronicMail>`);
      const text = await pdfText(i.document, i.locale);
      expect(text).toContain(i.number);
      expect(text).toContain('Eenmanszaak Prv');
      expect(text).not.toContain(sender.email);
    }
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-forget-'));
    const files = await Promise.all(after.map(async (i) => {
      const f = path.join(dir, `${i.number}.xml`);
      await fs.writeFile(f, i.ubl!);
      return f;
    }));
    expect(validatePeppol(files).fatal).toEqual([]);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('deleted before the e-mail was taken out (migration 0035): the e-mail goes from their documents, not from those of accounts that live', async () => {
    const gone = await invoicedSender(false);
    const alive = await invoicedSender(false);
    // A deletion as it was made before: the account anonymised, its invoices left as they were.
    await t.handle.db.updateTable('users').set({ firstName: DELETED_USER_NAME, lastName: '', email: `deleted-${gone.id}-0a1b2c3d@deleted.invalid` }).where('id', '=', gone.id).execute();
    expect((await storedInvoices(gone.id))[0]!.document).toContain(gone.email);

    // The migrator hands migrations the app's database; a migration is typed without the app's schema.
    await forgetEmailsOfDeletedAccounts(t.handle.db as unknown as Kysely<unknown>);

    const [kept] = await storedInvoices(gone.id);
    expect(kept!.document).not.toContain(gone.email);
    expect((JSON.parse(kept!.document) as EInvoiceDoc).buyer.email).toBeUndefined();
    expect(await pdfText(kept!.document, kept!.locale)).toContain(kept!.number);
    expect((await storedInvoices(alive.id))[0]!.document).toContain(alive.email);
  });

  it('a document written after the account was deleted (its payment billed late) never gets the e-mail', async () => {
    const late = await invoicedSender(false);
    await t.handle.db.updateTable('users').set({ firstName: DELETED_USER_NAME, lastName: '', email: `deleted-${late.id}-4e5f6a7b@deleted.invalid` }).where('id', '=', late.id).execute();
    // As if the sweep had not yet written it when the account went: the next sweep writes it now.
    await t.handle.db.deleteFrom('invoices').where('userId', '=', late.id).execute();
    await t.app.invoices.issueDue();
    const [written] = await storedInvoices(late.id);
    expect(written).toBeDefined();
    expect((JSON.parse(written!.document) as EInvoiceDoc).buyer.email).toBeUndefined();
    expect(written!.document).not.toContain('@deleted.invalid');
  });
});
