import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type InvoiceRead, type ProblemCase, type SenderProblemRead } from '@vm/domain';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEPPOL_TIMEOUT, validatePeppol } from '../e-invoice/validator.ts';
import { login, registerAndLogin } from '../helpers/flows.ts';
import { delivered } from '../helpers/held-money.ts';
import { accept, addCard, type Auth, createDriver, createShipment, makeOffer, proofPng } from '../helpers/marketplace.ts';
import { multipart } from '../helpers/multipart.ts';
import { STAFF_ADMIN_TOKEN, staffSession } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 23 part 1: a sender reports a problem (within 24 hours of delivery, or a no-show before
// pickup) with photos per package; the money stays held; the driver answers with their evidence;
// finance staff read the case and decide with a reason both parties receive; the decision moves
// the money through the ledger with a credit note and the driver's lower price; support staff
// cannot decide.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: STAFF_ADMIN_TOKEN });
});
afterAll(() => t.close());

const COMPANY = { name: 'Peeters Meubelen BV', vat: 'BE0403170701', address: 'Kerkstraat 12, 3500 Hasselt', email: 'factuur@peeters.be' };

async function businessSender() {
  const sender = await registerAndLogin(t);
  const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: sender.auth })).json();
  await t.app.inject({ method: 'PUT', url: '/api/user', headers: sender.auth, payload: { first_name: me.first_name, last_name: me.last_name, cellphone: me.cellphone, birthday: me.birthday, address: me.address, company: COMPANY } });
  await addCard(t, sender.auth);
  return sender;
}

async function acceptedJob(sender: { auth: Auth }, price: number, over: Record<string, unknown> = {}) {
  const driver = await createDriver(t);
  const id = await createShipment(t, sender.auth, over);
  const offer = await makeOffer(t, driver, id, price);
  expect((await accept(t, sender.auth, id, offer)).statusCode).toBe(200);
  return { id, driver };
}

const signIn = async (email: string, password: string): Promise<Auth> => ({ authorization: `Bearer ${(await login(t, email, password)).json().access_token}` });
const view = async (auth: Auth, id: number): Promise<SenderProblemRead> => (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}/problem`, headers: auth })).json();
const packagesOf = async (auth: Auth, id: number): Promise<number[]> => (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: auth })).json().packages.map((p: { id: number }) => p.id);

/** A statement as the apps send it: the content and a photo per package named. */
async function send(url: string, auth: Auth, content: Record<string, unknown>, photos: string[]) {
  const png = await proofPng({ r: 200, g: 30, b: 30 });
  const { payload, headers } = multipart(content, photos.map((field) => ({ field, filename: `${field}.png`, type: 'image/png', data: png })));
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...auth } });
}
const report = (auth: Auth, id: number, content: Record<string, unknown>, photos: string[] = []) => send(`/api/shipment/${id}/problem`, auth, content, photos);
const answer = (auth: Auth, id: number, content: Record<string, unknown>, photos: string[] = []) => send(`/api/driver/shipment/${id}/problem`, auth, content, photos);
const ops = (auth: { authorization: string }, method: 'GET' | 'POST', url: string, payload?: unknown) => t.app.inject({ method, url, headers: auth, payload: payload as never });
const eventsOf = (userId: number, type: 'problem.reported' | 'problem.answered' | 'problem.decided') => t.handle.db.selectFrom('events').select(['payload']).where('userId', '=', userId).where('type', '=', type).execute();
const documents = async (auth: Auth): Promise<InvoiceRead[]> => {
  await t.app.invoices.settled();
  await t.app.invoices.issueDue();
  return (await t.app.inject({ method: 'GET', url: '/api/invoices', headers: auth })).json().invoices;
};

describe('a driver who never came', () => {
  it('is reported as a no-show before pickup; a full refund leaves the driver nothing; an own-risk job cannot go to the insurance', async () => {
    const sender = await businessSender();
    const { id, driver } = await acceptedJob(sender, 90, { insurance: 'free' });
    expect((await report(sender.auth, id, { kind: 'damage', text: 'Er is iets kapot gegaan.', packages: [] })).statusCode).toBe(400);
    expect((await report(sender.auth, id, { kind: 'lateness', text: 'De chauffeur is er niet.' })).statusCode).toBe(409);
    const made = await report(sender.auth, id, { kind: 'no_show', text: 'Niemand kwam opdagen in het hele venster.' });
    expect(made.statusCode, made.body).toBe(201);
    expect(await eventsOf(driver.id, 'problem.reported')).toHaveLength(1);

    const finance = await staffSession(t, 'finance');
    const held = await t.app.ledger.heldFor(id);
    const reason = 'De chauffeur is niet gekomen en gaf geen uitleg; alles gaat terug.';
    expect((await ops(finance, 'POST', `/api/ops/problems/${made.json().id}/decision`, { outcome: 'insurance', reason })).statusCode).toBe(409);
    const decided = await ops(finance, 'POST', `/api/ops/problems/${made.json().id}/decision`, { outcome: 'refund', refund: held / 100, reason });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().problem.decision).toMatchObject({ refund: held / 100, released: 0 });
    expect(await t.app.ledger.heldFor(id)).toBe(0);
    // Nothing was released: the driver's earnings show the job refunded.
    const earning = (await t.app.inject({ method: 'GET', url: '/api/driver/earnings', headers: driver.auth })).json().items.find((i: { shipment_id: number }) => i.shipment_id === id);
    expect(earning.status).toBe('refunded');
    expect(await t.app.ledger.check()).toEqual({ unbalanced: [], held: [], negativePayables: [] });
  });
});

// Last: it moves the clock two days on.
describe('a damaged delivery', () => {
  it('is reported with a photo, answered by the driver, and refunded half by finance: credit note, lower driver price, both told', { timeout: PEPPOL_TIMEOUT }, async () => {
    const sender = await businessSender();
    const { id, driver } = await acceptedJob(sender, 200);
    const other = await registerAndLogin(t);

    // Before pickup only a no-show can be reported; nothing for a stranger.
    expect(await view(sender.auth, id)).toMatchObject({ problem: null, may_report: ['no_show'], report_by: null });
    expect((await t.app.inject({ method: 'GET', url: `/api/shipment/${id}/problem`, headers: other.auth })).statusCode).toBe(404);
    expect((await report(other.auth, id, { kind: 'no_show', text: 'Niemand gekomen vandaag.' })).statusCode).toBe(404);

    await delivered(t, driver, id);
    const v = await view(sender.auth, id);
    expect(v.may_report).toEqual(['damage', 'loss', 'lateness', 'no_show', 'other']);
    expect(v.report_by).toBe(Math.floor(t.clock.now().getTime() / 1000) + 24 * 3600);

    const [pkg] = await packagesOf(sender.auth, id);
    // Damage names its package; a short text and a photo that is not sent are refused; nothing is kept.
    const noPackage = await report(sender.auth, id, { kind: 'damage', text: 'De kast is gebroken aangekomen.' });
    expect(noPackage.statusCode).toBe(400);
    expect(noPackage.json()).toEqual([{ field: 'packages', message: 'Kies het pakket of de pakketten waarover het gaat.' }]);
    expect((await report(sender.auth, id, { kind: 'damage', text: 'Kapot', packages: [{ package_id: pkg, photos: ['p1'] }] }, ['p1'])).statusCode).toBe(400);
    expect((await report(sender.auth, id, { kind: 'damage', text: 'De kast is gebroken aangekomen.', packages: [{ package_id: pkg, photos: ['p1'] }] })).statusCode).toBe(400);
    expect((await view(sender.auth, id)).problem).toBeNull();

    const made = await report(sender.auth, id, { kind: 'damage', text: 'De kast is gebroken aangekomen: de deur hangt los.', packages: [{ package_id: pkg, photos: ['p1'] }] }, ['p1']);
    expect(made.statusCode, made.body).toBe(201);
    const problem = made.json();
    expect(problem).toMatchObject({ kind: 'damage', status: 'open', packages: [pkg], decision: null });
    const photoUrl = problem.statements[0].photos[0].url as string;
    const photo = await t.app.inject({ method: 'GET', url: photoUrl, headers: sender.auth });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    // The report is the sender's answer to the delivery: confirming is closed, the money is on hold.
    expect((await view(sender.auth, id)).may_report).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/delivery`, headers: sender.auth, payload: { outcome: 'confirmed' } })).statusCode).toBe(409);
    expect(await eventsOf(driver.id, 'problem.reported')).toHaveLength(1);
    t.clock.advance(2 * 24 * 3600);
    await t.app.settlement.releaseDue();
    const held = await t.app.ledger.heldFor(id);
    expect(held).toBeGreaterThan(0);
    // Tokens do not last two days: both sign in again.
    const senderAuth = await signIn(sender.email, sender.password);
    const driverAuth = await signIn(driver.email, 'rijden123');

    // The driver reads it (photo too) and answers once with their own photo.
    const dv = (await t.app.inject({ method: 'GET', url: `/api/driver/shipment/${id}/problem`, headers: driverAuth })).json();
    expect(dv).toMatchObject({ may_answer: true, problem: { kind: 'damage', statements: [{ party: 'sender' }] } });
    expect((await t.app.inject({ method: 'GET', url: dv.problem.statements[0].photos[0].url, headers: driverAuth })).statusCode).toBe(200);
    const answered = await answer(driverAuth, id, { text: 'Bij het laden was de deur al los: zie mijn foto bij ophalen.', photos: ['a1'] }, ['a1']);
    expect(answered.statusCode, answered.body).toBe(201);
    expect((await answer(driverAuth, id, { text: 'Nog iets dat ik wil zeggen.' })).statusCode).toBe(409);
    expect(await eventsOf(sender.id, 'problem.answered')).toHaveLength(1);

    // Staff: the queue, the case with its timeline (audited), the photos of both parties and the proofs.
    const support = await staffSession(t, 'support');
    const finance = await staffSession(t, 'finance');
    const queue = (await ops(support, 'GET', '/api/ops/problems')).json().problems;
    const row = queue.find((q: { shipment_id: number }) => q.shipment_id === id);
    expect(row).toMatchObject({ kind: 'damage', answered: true, held: held / 100 });
    const c: ProblemCase = (await ops(support, 'GET', `/api/ops/problems/${row.id}`)).json();
    expect(c.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['state', 'proof', 'note', 'statement']));
    // In the staff member's language (Dutch by default): the states as every screen words them.
    expect(c.timeline.filter((e) => e.kind === 'state').map((e) => e.text)).toEqual(expect.arrayContaining(['Aanvaard', 'Geleverd']));
    expect(c.timeline.find((e) => e.kind === 'proof')!.text).toMatch(/^(Ophalen|Levering): /);
    expect(c.timeline.map((e) => e.at)).toEqual([...c.timeline.map((e) => e.at)].sort((a, b) => a - b));
    expect(c.job).toMatchObject({ held: held / 100, insurance: { choice: 'cmr', kind: 'basic', cover: 500 }, sender: { company: COMPANY.name } });
    for (const url of c.timeline.flatMap((e) => e.photos.map((p) => p.url))) expect((await ops(support, 'GET', url)).statusCode, url).toBe(200);
    expect((await ops(support, 'GET', c.note_url!)).headers['content-type']).toBe('application/pdf');
    const zip = await ops(support, 'GET', c.claim_file_url!);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = Object.keys(unzipSync(zip.rawPayload));
    expect(entries).toEqual(expect.arrayContaining(['claim.pdf', 'consignment-note.pdf', 'statements/sender-1.png', 'statements/driver-1.png', 'chat.txt', 'timeline.json']));
    expect(entries.filter((e) => e.startsWith('proofs/')).length).toBeGreaterThanOrEqual(4);
    const audited = await t.handle.db.selectFrom('auditLog').select(['action']).where('subjectId', '=', id).execute();
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['problem.viewed', 'problem.claim_file']));

    // Support cannot decide (403); a decision without a reason, or above what is held, is refused.
    const half = Math.round(held / 2) / 100;
    const reason = 'De deur was al los bij het ophalen volgens de foto van de chauffeur; we delen de schade.';
    expect((await ops(support, 'POST', `/api/ops/problems/${row.id}/decision`, { outcome: 'refund', refund: half, reason })).statusCode).toBe(403);
    const noReason = await ops(finance, 'POST', `/api/ops/problems/${row.id}/decision`, { outcome: 'refund', refund: half });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual([{ field: 'reason', message: 'Dit veld is verplicht.' }]);
    const short = await ops(finance, 'POST', `/api/ops/problems/${row.id}/decision`, { outcome: 'refund', refund: half, reason: 'Half.' });
    expect(short.json()).toEqual([{ field: 'reason', message: expect.stringContaining('20 tekens') }]);
    expect((await ops(finance, 'POST', `/api/ops/problems/${row.id}/decision`, { outcome: 'refund', refund: held, reason })).statusCode).toBe(409);

    const decided = await ops(finance, 'POST', `/api/ops/problems/${row.id}/decision`, { outcome: 'refund', refund: half, reason });
    expect(decided.statusCode, decided.body).toBe(200);
    const after: ProblemCase = decided.json();
    expect(after.problem.decision).toMatchObject({ outcome: 'refund', reason });
    const refunded = Math.round(after.problem.decision!.refund * 100);
    const released = Math.round(after.problem.decision!.released * 100);
    expect(refunded).toBeGreaterThanOrEqual(Math.round(held / 2));
    expect(refunded + released).toBe(held);
    expect(after.job.held).toBe(0);
    expect((await ops(finance, 'POST', `/api/ops/problems/${row.id}/decision`, { outcome: 'release', reason })).statusCode).toBe(409);
    expect(await t.app.ledger.check()).toEqual({ unbalanced: [], held: [], negativePayables: [] });

    // Both parties read the decision with its reason (events, mails) and the sender's view shows it.
    for (const who of [sender.id, driver.id]) expect((await eventsOf(who, 'problem.decided')).map((e) => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload).reason)).toEqual([reason]);
    await t.app.eventHub.flush();
    await t.app.mailWorker.run();
    for (const email of [sender.email, driver.email]) expect(t.mails.filter((m) => m.to === email && m.text.includes(reason)), email).toHaveLength(1);
    expect((await view(senderAuth, id)).problem!.decision).toMatchObject({ outcome: 'refund', refund: refunded / 100, released: released / 100 });

    // The credit note corrects the sales invoice by the refund and passes the Peppol rules; the driver's
    // self-billed invoice and earnings carry the lower price.
    const docs = await documents(senderAuth);
    const credit = docs.find((d) => d.shipment_id === id && d.kind === 'credit_note')!;
    expect(credit.total).toBe(refunded / 100);
    const earning = (await t.app.inject({ method: 'GET', url: '/api/driver/earnings', headers: driverAuth })).json().items.find((i: { shipment_id: number }) => i.shipment_id === id);
    expect(earning).toMatchObject({ status: 'released', price: expect.any(Number) });
    expect(earning.price).toBeLessThan(200);
    expect(earning.price).toBeGreaterThan(0);
    const selfBilled = await t.handle.db.selectFrom('invoices').select(['netCents']).where('shipmentId', '=', id).where('kind', '=', 'self_billed_invoice').executeTakeFirstOrThrow();
    expect(selfBilled.netCents).toBe(Math.round((earning.price - earning.commission) * 100));
    const ubl = await t.handle.db.selectFrom('invoices').select(['number', 'ubl']).where('shipmentId', '=', id).where('ubl', 'is not', null).execute();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-problem-'));
    const files = await Promise.all(ubl.map(async (d) => (await fs.writeFile(path.join(dir, `${d.number}.xml`), d.ubl!), path.join(dir, `${d.number}.xml`))));
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(validatePeppol(files).fatal).toEqual([]);
    await fs.rm(dir, { recursive: true, force: true });
  });
});
