import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_FAILING_IBAN, SANDBOX_SETTLE_SECONDS } from '../../src/adapters/payouts/payout-provider.ts';
import { canonicalJson } from '../../src/modules/audit/canonical-json.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { answerDelivery, acceptedShipment, delivered } from '../helpers/held-money.ts';
import { accept, addCard, type Auth, createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { STAFF_ADMIN_TOKEN, staffSession } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 23 parts 2-3: the approvals that were admin commands, in the back office for finance staff
// and admins (invoice payment, payouts and money on hold, unpaid invoices), and the audit log's
// export that an auditor re-verifies outside the product. One app: the tests run in order and the
// last ones move its clock a month on.

let t: TestApp;
let support: Auth;
let finance: Auth;
let admin: Auth;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: STAFF_ADMIN_TOKEN });
  [support, finance, admin] = [await staffSession(t, 'support'), await staffSession(t, 'finance'), await staffSession(t, 'admin')];
});
afterAll(() => t.close());

const ops = (method: 'GET' | 'POST', url: string, auth: Auth, payload?: object) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const COMPANY = { name: 'Peeters Meubelen BV', vat: 'BE0403170701', address: 'Kerkstraat 12, 3500 Hasselt', email: 'factuur@peeters.be' };

/** A sender whose company asks to pay by invoice. */
async function companyAsking(email?: string) {
  const sender = await registerAndLogin(t, email ? { email } : {});
  const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: sender.auth })).json();
  const put = await t.app.inject({ method: 'PUT', url: '/api/user', headers: sender.auth, payload: { first_name: me.first_name, last_name: me.last_name, cellphone: me.cellphone, birthday: me.birthday, address: me.address, company: COMPANY } });
  expect(put.statusCode, put.body).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: '/api/user/invoice', headers: sender.auth, payload: { action: 'request' } })).statusCode).toBe(200);
  return sender;
}

const mailsTo = async (email: string) => {
  await t.app.eventHub.flush();
  await t.app.mailWorker.run();
  return t.mails.filter((m) => m.to === email && !m.subject.startsWith('Welkom'));
};

describe('roles', () => {
  it('support staff get 403 on every finance route and on the export; finance staff 200, but not the export', async () => {
    const routes: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/ops/invoice-requests'],
      ['POST', '/api/ops/invoice-requests/1/decision', { approve: true }],
      ['GET', '/api/ops/payouts?status=failed'],
      ['POST', '/api/ops/payouts/run'],
      ['GET', '/api/ops/invoices?status=overdue'],
      ['GET', '/api/ops/audit/export?format=csv'],
    ];
    for (const [method, url, body] of routes) expect((await ops(method, url, support, body)).statusCode, url).toBe(403);
    for (const url of ['/api/ops/invoice-requests', '/api/ops/payouts?status=failed', '/api/ops/invoices?status=overdue']) expect((await ops('GET', url, finance)).statusCode, url).toBe(200);
    expect((await ops('GET', '/api/ops/audit/export', finance)).statusCode).toBe(403);
    // A user's token is no staff session.
    expect((await ops('GET', '/api/ops/invoice-requests', (await registerAndLogin(t)).auth)).statusCode).toBe(401);
  });
});

describe('company invoice payment', () => {
  it('lists the waiting request; approving lets the company accept an offer with invoice, mailed and audited', async () => {
    const sender = await companyAsking();
    const list = (await ops('GET', '/api/ops/invoice-requests', finance)).json();
    expect(list.requests).toContainEqual(expect.objectContaining({ user_id: sender.id, email: sender.email, company: COMPANY, requested_at: expect.any(Number) }));

    const approved = await ops('POST', `/api/ops/invoice-requests/${sender.id}/decision`, finance, { approve: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().requests.map((r: { user_id: number }) => r.user_id)).not.toContain(sender.id);
    // Decided once: a second decision finds nothing waiting; an unknown user is a 404.
    expect((await ops('POST', `/api/ops/invoice-requests/${sender.id}/decision`, finance, { approve: true })).statusCode).toBe(409);
    expect((await ops('POST', '/api/ops/invoice-requests/999999/decision', finance, { approve: true })).statusCode).toBe(404);

    const driver = await createDriver(t);
    const id = await createShipment(t, sender.auth);
    expect((await accept(t, sender.auth, id, await makeOffer(t, driver, id, 120))).statusCode).toBe(200);
    expect(await t.handle.db.selectFrom('payments').select(['method', 'status']).where('shipmentId', '=', id).executeTakeFirstOrThrow()).toEqual({ method: 'invoice', status: 'succeeded' });
    expect((await mailsTo(sender.email)).map((m) => m.subject).filter((s) => /factuur/.test(s))).toEqual(['Betalen op factuur is goedgekeurd']);
    const audit = (await ops('GET', '/api/ops/audit', admin)).json().entries;
    expect(audit).toContainEqual(expect.objectContaining({ action: 'invoice_payment.approved', subject_type: 'user', subject_id: sender.id, staff: expect.objectContaining({ name: expect.stringMatching(/finance/) }) }));
  });

  it('a refusal needs a reason of 10 characters or more; the company reads it in their own language', async () => {
    const sender = await companyAsking();
    await t.handle.db.updateTable('users').set({ locale: 'fr' }).where('id', '=', sender.id).execute();
    const url = `/api/ops/invoice-requests/${sender.id}/decision`;
    const none = await ops('POST', url, finance, { approve: false });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual([expect.objectContaining({ field: 'reason' })]);
    expect((await ops('POST', url, finance, { approve: false, reason: 'te kort' })).statusCode).toBe(400);
    expect((await ops('POST', url, finance, { approve: false, reason: 'x'.repeat(2001) })).statusCode).toBe(400);

    const reason = 'Het btw-nummer hoort bij een ander bedrijf.';
    expect((await ops('POST', url, finance, { approve: false, reason })).statusCode).toBe(200);
    const [mail] = await mailsTo(sender.email);
    expect(mail!.subject).toBe('Le paiement sur facture n’est pas approuvé');
    expect(mail!.text).toContain(`Motif : ${reason}`);
    const audit = (await ops('GET', '/api/ops/audit', admin)).json().entries;
    expect(audit).toContainEqual(expect.objectContaining({ action: 'invoice_payment.refused', subject_id: sender.id, reason }));
  });

  it('the admin command still decides, through the same audited decision', async () => {
    const sender = await companyAsking();
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/command', headers: { authorization: `Bearer ${STAFF_ADMIN_TOKEN}` }, payload: { args: ['invoice', 'approve', sender.email] } });
    expect(res.json()).toEqual({ ok: true, message: `Invoice payment approved for ${sender.email}.` });
    const audit = (await ops('GET', '/api/ops/audit', admin)).json().entries;
    expect(audit).toContainEqual(expect.objectContaining({ action: 'invoice_payment.approved', subject_id: sender.id, staff: null }));
  });
});

describe('payouts and money on hold', () => {
  it('a failed payout is listed with its reason and the IBAN’s last four; a reported problem shows as money on hold', async () => {
    const sender = await registerAndLogin(t);
    await addCard(t, sender.auth);
    const driver = await createDriver(t);
    const paid = await acceptedShipment(t, sender, driver, 150);
    await delivered(t, driver, paid);
    expect((await answerDelivery(t, sender, paid, 'confirmed')).statusCode).toBe(200);
    const problem = await acceptedShipment(t, sender, driver, 80);
    await delivered(t, driver, problem);
    expect((await answerDelivery(t, sender, problem, 'problem')).statusCode).toBe(200);
    await t.handle.db.updateTable('driverProfiles').set({ iban: SANDBOX_FAILING_IBAN }).where('userId', '=', driver.id).execute();

    // Sunday: "pay out now" is staff's off-cycle run.
    const run = await ops('POST', '/api/ops/payouts/run', finance);
    expect(run.statusCode).toBe(200);
    expect(run.json().made).toBeGreaterThanOrEqual(1);
    t.clock.advance(SANDBOX_SETTLE_SECONDS);
    await t.app.payouts.run();

    const failed = (await ops('GET', '/api/ops/payouts?status=failed', finance)).json();
    expect(failed.payouts).toContainEqual(
      expect.objectContaining({ driver: expect.objectContaining({ id: driver.id }), amount: 159.72, iban_last4: SANDBOX_FAILING_IBAN.replace(/\s/g, '').slice(-4), status: 'failed', failure_reason: expect.stringMatching(/closed/) }),
    );
    const reference = (await t.handle.db.selectFrom('shipments').select('referenceId').where('id', '=', problem).executeTakeFirstOrThrow()).referenceId;
    expect(failed.on_hold).toContainEqual(expect.objectContaining({ shipment_id: problem, reference, amount: expect.any(Number), since: expect.any(Number) }));
    expect(failed.on_hold.map((h: { shipment_id: number }) => h.shipment_id)).not.toContain(paid);
    expect((await ops('GET', '/api/ops/payouts?status=paid', finance)).json().payouts.map((p: { driver: { id: number } }) => p.driver.id)).not.toContain(driver.id);
    const audit = (await ops('GET', '/api/ops/audit', admin)).json().entries;
    expect(audit).toContainEqual(expect.objectContaining({ action: 'payouts.run', details: expect.objectContaining({ made: run.json().made }) }));
  });
});

describe('unpaid invoices', () => {
  it('an invoice past its due date is listed as overdue with the reminders sent', async () => {
    const sender = await companyAsking();
    expect((await ops('POST', `/api/ops/invoice-requests/${sender.id}/decision`, finance, { approve: true })).statusCode).toBe(200);
    const driver = await createDriver(t);
    const id = await createShipment(t, sender.auth);
    expect((await accept(t, sender.auth, id, await makeOffer(t, driver, id, 90))).statusCode).toBe(200);
    await t.app.invoices.settled();
    await t.app.invoices.issueDue();
    const number = (await t.handle.db.selectFrom('invoices').select('number').where('shipmentId', '=', id).where('kind', '=', 'invoice').executeTakeFirstOrThrow()).number;
    const listed = async (status: 'open' | 'overdue') => ((await ops('GET', `/api/ops/invoices?status=${status}`, finance)).json().invoices as { number: string }[]).find((i) => i.number === number);

    expect(await listed('open')).toMatchObject({ company: COMPANY.name, days_overdue: 0, reminders: 0, last_reminder_at: null });
    expect(await listed('overdue')).toBeUndefined();
    t.clock.advance(31 * 86_400);
    // Staff sessions end after 12 hours: signed in again a month on.
    [finance, admin] = [await staffSession(t, 'finance'), await staffSession(t, 'admin')];
    await t.app.invoicePayments.remind();
    expect(await listed('open')).toBeUndefined();
    expect(await listed('overdue')).toMatchObject({ company: COMPANY.name, email: COMPANY.email, days_overdue: expect.any(Number), reminders: 1, last_reminder_at: Math.floor(t.clock.now().getTime() / 1000) });
    expect((await listed('overdue'))!).toHaveProperty('days_overdue', 1);
  });
});

describe('the audit log’s export', () => {
  it('gives every row with its hash and previous hash: recomputing the chain from the CSV matches, and the export is itself in the log', async () => {
    const res = await ops('GET', '/api/ops/audit/export?format=csv', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log\.csv"/);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(['id', 'at', 'staff_id', 'staff_email', 'action', 'subject_type', 'subject_id', 'reason', 'details', 'prev_hash', 'hash']);
    expect(rows.length).toBeGreaterThan(5);
    let prev = '0'.repeat(64);
    for (const r of rows) {
      const f = Object.fromEntries(header!.map((h, i) => [h, r[i]!]));
      expect(f.prev_hash).toBe(prev);
      const canonical = canonicalJson({
        id: Number(f.id),
        at: f.at,
        staff_id: f.staff_id === '' ? null : Number(f.staff_id),
        action: f.action,
        subject_type: f.subject_type === '' ? null : f.subject_type,
        subject_id: f.subject_id === '' ? null : Number(f.subject_id),
        reason: f.reason === '' ? null : f.reason,
        details: JSON.parse(f.details!),
      });
      expect(createHash('sha256').update(`${prev}\n${canonical}`).digest('hex'), `row ${f.id}`).toBe(f.hash);
      prev = f.hash!;
    }
    // A refusal's reason holds spaces and commas or not; the CSV kept it exactly (the hash matched above).
    expect(rows.some((r) => r[4] === 'invoice_payment.refused')).toBe(true);

    const entries = (await ops('GET', '/api/ops/audit', admin)).json().entries;
    expect(entries[0]).toMatchObject({ action: 'audit.exported', details: { format: 'csv', rows: rows.length, from: null, to: null } });

    // JSON lines, one day: the same rows as objects; a day before the clock's start has none.
    const today = new Date(t.clock.now().getTime()).toISOString().slice(0, 10);
    const jsonl = await ops('GET', `/api/ops/audit/export?format=jsonl&from=2026-01-01&to=${today}`, admin);
    expect(jsonl.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = jsonl.body.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.at(-1)).toMatchObject({ action: 'audit.exported', prev_hash: expect.any(String), hash: expect.any(String) });
    expect((await ops('GET', '/api/ops/audit/export?format=jsonl&from=2026-01-01&to=2026-01-02', admin)).body).toBe('');
    expect((await ops('GET', '/api/ops/audit/export?from=2026-02-01&to=2026-01-01', admin)).statusCode).toBe(400);
  });
});

/** RFC 4180: fields split by commas, quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}
