import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DELETED_USER_NAME, type EventType } from '@vm/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_RECORDS } from '../../src/modules/privacy/privacy.classification.ts';
import { PEPPOL_TIMEOUT, validatePeppol } from '../e-invoice/validator.ts';
import { login } from '../helpers/flows.ts';
import { answerDelivery, acceptedShipment, delivered } from '../helpers/held-money.ts';
import { addCard, createDriver, createShipment } from '../helpers/marketplace.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { textColumns } from './columns.ts';
import { bookedAndCarried, exported } from './scenario.ts';

// Issue 23 part 4 (decision 0035): deleting an account erases the person everywhere but in the
// records the law keeps (invoices, consignment notes), which still validate; and the retention job.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const remove = (auth: { authorization: string }, body: object) => t.app.inject({ method: 'POST', url: '/api/user/delete', headers: { ...auth, 'accept-language': 'en' }, payload: body });

/** Every text column of every table (cast to text) that holds one of the needles: one query per column. */
async function grep(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns(t.handle.db)) {
    const hits = sql.join(needles.map((n, i) => sql`bool_or(position(lower(${n}) in lower(${sql.ref(column)}::text)) > 0) as ${sql.ref(`n${i}`)}`));
    const { rows } = await sql<Record<string, boolean | null>>`select ${hits} from ${sql.table(table)}`.execute(t.handle.db.withoutPlugins());
    needles.forEach((n, i) => rows[0]![`n${i}`] && found.push(`${table}.${column} ∋ ${n}`));
  }
  return found;
}

describe('POST /api/user/delete', () => {
  it('refuses a wrong password, and while money is held for a delivered job; then erases the person everywhere but in the invoices and consignment notes, which still validate', { timeout: PEPPOL_TIMEOUT }, async () => {
    const names = { first: 'Ghislaine', last: 'Verwijdermans' };
    const { sender, driver, shipmentId } = await bookedAndCarried(t, names, null);
    const phone = (await t.handle.db.selectFrom('users').select('cellphone').where('id', '=', sender.id).executeTakeFirstOrThrow()).cellphone;
    const needles = [sender.email, phone, names.first, names.last];
    expect((await grep(needles)).length).toBeGreaterThan(5);

    expect((await remove(sender.auth, {})).statusCode).toBe(400);
    const wrong = await remove(sender.auth, { password: 'niet-mijn-wachtwoord' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error_description).toBe('This password is not right.');
    // Delivered, not yet confirmed: the money is still held for the driver.
    const held = await remove(sender.auth, { password: sender.password });
    expect(held.statusCode).toBe(409);
    expect(held.json().error_description).toMatch(/money is still held/);

    expect((await answerDelivery(t, sender, shipmentId, 'confirmed')).statusCode).toBe(200);
    // The driver now has money to be paid out: their account must wait for it.
    const owed = await remove(driver.auth, { password: driver.password });
    expect(owed.statusCode).toBe(409);
    expect(owed.json().error).toBe('conflict');
    expect(owed.json().error_description).toMatch(/amount is still open/);

    // The driver's notification that names the sender (by first name alone) is theirs to keep, without the name.
    await t.handle.db
      .insertInto('events')
      .values({ userId: driver.id, type: 'shipment.changed' as EventType, shipmentId, payload: JSON.stringify({}), message: JSON.stringify({ nl: `${names.first} heeft de levering bevestigd` }), listed: true, createdAt: t.clock.now() })
      .execute();
    // A job still open for offers ends with the account.
    const open = await createShipment(t, sender.auth);
    const files = (await exported(t, sender)).files;
    expect(files.length).toBeGreaterThanOrEqual(4);
    expect((await remove(sender.auth, { password: sender.password })).statusCode).toBe(204);

    const left = await grep(needles);
    // The email and phone number are nowhere; the names only where the law keeps them as issued or
    // signed (the company's invoice, the consignment note's consignor).
    expect(left.filter((f) => f.endsWith(sender.email) || f.endsWith(phone))).toEqual([]);
    const outsideRecords = left.filter((f) => !KEPT_RECORDS.some((k) => f.startsWith(`${k} `)));
    expect(outsideRecords).toEqual([]);

    // Signed out, and the account cannot sign in again.
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: sender.auth })).statusCode).toBe(401);
    expect((await login(t, sender.email, sender.password)).statusCode).not.toBe(200);
    const row = await t.handle.db.selectFrom('users').select(['firstName', 'email', 'cellphone']).where('id', '=', sender.id).executeTakeFirstOrThrow();
    expect(row.firstName).toBe(DELETED_USER_NAME);
    expect(row.email).toMatch(/@deleted\.invalid$/);
    const told = await t.handle.db.selectFrom('events').select('message').where('userId', '=', driver.id).where('type', '=', 'shipment.changed' as EventType).executeTakeFirstOrThrow();
    expect(told.message).toEqual({ nl: `${DELETED_USER_NAME} heeft de levering bevestigd` });
    expect((await t.handle.db.selectFrom('shipments').select('state').where('id', '=', open).executeTakeFirstOrThrow()).state).toBe('cancelled');
    // The job keeps its towns for the driver's and the platform's records.
    const job = await t.handle.db.selectFrom('shipments').select(['pickupCity', 'pickupZip', 'pickupStreet', 'deliveryName']).where('id', '=', shipmentId).executeTakeFirstOrThrow();
    expect(job).toEqual({ pickupCity: 'Hasselt', pickupZip: '3500', pickupStreet: '', deliveryName: '' });
    // The pictures, package photos and proof photos are gone from the store (the note's signatures stay).
    const stored: string[] = [];
    for await (const f of (await import('../../src/adapters/storage/local-file-store.ts')).localFileStore(path.join(t.dataDir, 'files')).list('images/')) stored.push(f.key);
    expect(stored.filter((k) => files.some((f) => f.includes(k.split('/')[1]!)))).toEqual([]);

    // The invoices of record are still there and still valid Peppol BIS 3.0.
    const invoices = await t.handle.db.selectFrom('invoices').select(['number', 'ubl']).where('userId', '=', sender.id).where('ubl', 'is not', null).execute();
    expect(invoices.length).toBeGreaterThanOrEqual(1);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-privacy-'));
    const paths = await Promise.all(invoices.map(async (d) => {
      const f = path.join(dir, `${d.number}.xml`);
      await fs.writeFile(f, d.ubl!);
      return f;
    }));
    expect(validatePeppol(paths).fatal).toEqual([]);
    await fs.rm(dir, { recursive: true, force: true });
  });
});

describe('POST /api/user/delete for an account made through a social login', () => {
  it('asks for the account’s email address typed again: another address is refused (403), the right one deletes', async () => {
    const someone = await registerAndLogin(t);
    await t.handle.db.insertInto('socialIdentities').values({ provider: 'oidc', subject: `s-${someone.id}`, userId: someone.id }).execute();
    const wrong = await remove(someone.auth, { email: 'iemand.anders@example.be' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error_description).toBe('This is not your account’s email address.');
    expect((await remove(someone.auth, { email: someone.email.toUpperCase() })).statusCode).toBe(204);
    expect(await t.handle.db.selectFrom('socialIdentities').select('subject').where('userId', '=', someone.id).execute()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: someone.auth })).statusCode).toBe(401);
  });
});

describe('the retention job', () => {
  it('deletes positions and chat of jobs that ended longer ago than RETENTION_POSITIONS_MONTHS (3) and RETENTION_CHAT_MONTHS (24), and keeps younger ones', async () => {
    const sender = await registerAndLogin(t);
    await addCard(t, sender.auth);
    const driver = await createDriver(t);
    // Signs both in again after the clock moved past their tokens.
    const signIn = async (who: { email: string; auth: { authorization: string } }, password: string) => {
      who.auth = { authorization: `Bearer ${(await login(t, who.email, password)).json().access_token}` };
    };
    // Both booked now (the booking's dates must lie ahead); each delivered at its own time.
    const ids = [await acceptedShipment(t, sender, driver, 120), await acceptedShipment(t, sender, driver, 130)];
    const deliver = async (id: number) => {
      await signIn(sender, sender.password);
      await signIn(driver, 'rijden123');
      expect((await t.app.inject({ method: 'POST', url: `/api/conversation/${id}`, headers: sender.auth, payload: { message: 'Tot straks!' } })).statusCode).toBe(201);
      await delivered(t, driver, id);
      await t.handle.db.insertInto('shipmentPositions').values({ shipmentId: id, lat: 50.9, lng: 4.7, accuracyM: 10, recordedAt: t.clock.now(), receivedAt: t.clock.now() }).execute();
      return id;
    };
    const count = async (id: number) => ({
      positions: Number((await t.handle.db.selectFrom('shipmentPositions').select((e) => e.fn.countAll().as('n')).where('shipmentId', '=', id).executeTakeFirstOrThrow()).n),
      messages: Number((await t.handle.db.selectFrom('messages').select((e) => e.fn.countAll().as('n')).where('shipmentId', '=', id).executeTakeFirstOrThrow()).n),
    });
    const older = await deliver(ids[0]!);
    const DAY = 86_400;
    t.clock.advance(61 * DAY);
    const younger = await deliver(ids[1]!);
    t.clock.advance(32 * DAY); // older ended 93 days ago, younger 32
    await t.app.privacy.sweepRetention();
    expect(await count(older)).toEqual({ positions: 0, messages: 1 });
    expect((await count(younger)).positions).toBeGreaterThan(0);
    t.clock.advance((730 - 93 + 2) * DAY); // older ended just over 24 months ago, younger under
    await t.app.privacy.sweepRetention();
    expect(await count(older)).toEqual({ positions: 0, messages: 0 });
    expect(await count(younger)).toEqual({ positions: 0, messages: 1 });
  });
});
