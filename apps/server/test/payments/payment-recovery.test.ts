import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import type { PaymentProvider } from '../../src/adapters/payments/payment-provider.ts';
import { type DbHandle, openDatabase } from '../../src/db/database.ts';
import { login, registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, type Auth, createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { connectAdmin, databaseUrl } from '../helpers/postgres.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The acceptance: a process dies between the charge and the acceptance; after a restart the
// payment is settled, and the shipment is either accepted and paid or new and unpaid. A process is
// "killed" here at the service level: its provider call never returns (the code after it never
// runs), the app is closed without settling anything, and a NEW app opens the same database (the
// PGlite data directory on disk, or the PostgreSQL database) and runs the start-up settlement.

/** A database that outlives one app, as the real one outlives a process. */
async function durableDatabase(): Promise<{ open: () => Promise<DbHandle>; dispose: () => Promise<void> }> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const base = process.env.TEST_DATABASE_URL!;
    const template = inject('postgresTemplate');
    const name = `${template}_rec_${randomUUID().slice(0, 8)}`;
    const admin = await connectAdmin(base);
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    return {
      open: () => openDatabase({ databaseUrl: databaseUrl(base, name) }),
      dispose: async () => {
        const a = await connectAdmin(base);
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-recovery-db-'));
  const dump = new Blob([await fs.readFile(inject('pgliteTemplate'))]);
  let first = true;
  return {
    // The first start loads the migrated template into the directory; later starts read it from disk.
    open: async () => {
      const pg = new PGlite(path.join(dir, 'pgdata'), first ? { loadDataDir: dump } : {});
      first = false;
      return openDatabase({ databaseUrl: null, pglite: pg });
    },
    dispose: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

type Instance = { t: TestApp; handle: DbHandle };

/** One server "process" on the shared database and data folder. */
async function start(db: { open: () => Promise<DbHandle> }, dataDir: string): Promise<Instance> {
  const handle = await db.open();
  const t = await createTestApp({ ADMIN_TOKEN: 'admin-recovery-token' }, { handle, dataDir });
  return { t, handle };
}

/** The end of a process: nothing more runs in it (its pending request never finishes). */
async function kill({ t, handle }: Instance): Promise<void> {
  await t.app.close();
  await handle.close();
}

/** Replaces the provider's chargeCard: `reached` tells whether the charge got to the provider before the process died. */
function dieAtCharge(payments: PaymentProvider, reached: boolean): Promise<void> {
  const real = payments.chargeCard.bind(payments);
  return new Promise<void>((charged) => {
    payments.chargeCard = async (input) => {
      if (reached) await real(input);
      charged();
      return new Promise<never>(() => undefined);
    };
  });
}

// Each test starts two or three apps on a database on disk: slower than the usual test.
vi.setConfig({ testTimeout: 120_000 });

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

/** A sender with a card, a shipment and a driver's offer, on the first process. */
async function setUp(card = 'tok_visa') {
  const db = await durableDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-recovery-'));
  cleanup.push(db.dispose, () => fs.rm(dataDir, { recursive: true, force: true }));
  const first = await start(db, dataDir);
  let live: Instance | null = first;
  cleanup.push(async () => {
    if (live) await kill(live);
  });
  const driver = await createDriver(first.t);
  const sender = await registerAndLogin(first.t);
  expect((await addCard(first.t, sender.auth, card)).statusCode).toBe(200);
  const shipmentId = await createShipment(first.t, sender.auth);
  const offerId = await makeOffer(first.t, driver, shipmentId, 100);
  /** Kills the live process and starts a new one on the same database, a minute and more later. */
  const restart = async (seconds = 61): Promise<TestApp> => {
    await kill(live!);
    live = null;
    live = await start(db, dataDir);
    live.t.clock.advance(seconds);
    return live.t;
  };
  return { first: first.t, restart, driver, sender, shipmentId, offerId };
}

/** Access tokens last an hour: after a restart later than that the sender signs in again. */
const signIn = async (t: TestApp, who: { email: string; password: string }): Promise<Auth> => ({ authorization: `Bearer ${(await login(t, who.email, who.password)).json().access_token}` });
const shipment = async (t: TestApp, auth: Auth, id: number) => (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: auth })).json();
const receipt = async (t: TestApp, auth: Auth, id: number) => (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}/receipt`, headers: auth })).json().receipt;
const pushTypes = async (t: TestApp, auth: Auth) =>
  ((await t.app.inject({ method: 'GET', url: '/api/pushes', headers: auth })).json().items as { type: string; shipment_id: number | null }[]).map((p) => `${p.type} ${p.shipment_id}`);
const paymentRows = (t: TestApp, shipmentId: number) => t.handle.db.selectFrom('payments').select(['id', 'method', 'status']).where('shipmentId', '=', shipmentId).orderBy('id').execute();

describe('a process killed between the charge and the acceptance', () => {
  it('the charge reached the provider: after the restart the shipment is accepted and paid, charged once', async () => {
    const { first, restart, driver, sender, shipmentId, offerId } = await setUp();
    const charged = dieAtCharge(first.payments, true);
    void accept(first, sender.auth, shipmentId, offerId);
    await charged;
    expect((await first.payments.charges()).length).toBe(1);
    expect((await shipment(first, sender.auth, shipmentId)).current_state.state).toBe('new');

    const t = await restart();
    expect(await t.app.settleStalePayments()).toEqual({ settled: 1, left: 0 });
    expect(await shipment(t, sender.auth, shipmentId)).toMatchObject({ current_state: { state: 'accepted' }, accepted_offer: { id: offerId } });
    expect(await receipt(t, sender.auth, shipmentId)).toMatchObject({ total: 121, method: 'card', card_last4: '4242' });
    const [payment] = await paymentRows(t, shipmentId);
    expect(payment).toMatchObject({ method: 'card', status: 'succeeded' });
    expect((await t.payments.charges()).map((c) => c.idempotencyKey)).toEqual([`payment-${payment!.id}`]);
    expect(await pushTypes(t, sender.auth)).toContain(`shipment.offer.accepted ${shipmentId}`);
    expect(await pushTypes(t, driver.auth)).toContain(`shipment.job.assigned ${shipmentId}`);

    // Settling again (the next scheduled run, another process) changes nothing.
    expect(await t.app.settleStalePayments()).toEqual({ settled: 0, left: 0 });
    expect((await t.payments.charges()).length).toBe(1);
    expect((await pushTypes(t, sender.auth)).filter((p) => p === `shipment.offer.accepted ${shipmentId}`)).toHaveLength(1);
  });

  it('the charge never reached the provider: an unreachable provider leaves it for the next run, which charges once and accepts', async () => {
    const { first, restart, sender, shipmentId, offerId } = await setUp();
    const charged = dieAtCharge(first.payments, false);
    void accept(first, sender.auth, shipmentId, offerId);
    await charged;

    const t = await restart();
    const real = t.payments.chargeCard;
    t.payments.chargeCard = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    expect(await t.app.settleStalePayments()).toEqual({ settled: 0, left: 1 });
    // Still claimed while the outcome is unknown: the sender's own accept repeats the same charge, and is told to wait.
    expect((await accept(t, sender.auth, shipmentId, offerId)).statusCode).toBe(503);
    expect(await paymentRows(t, shipmentId)).toEqual([expect.objectContaining({ status: 'pending' })]);
    t.payments.chargeCard = real;

    expect(await t.app.settleStalePayments()).toEqual({ settled: 1, left: 0 });
    expect(await shipment(t, sender.auth, shipmentId)).toMatchObject({ current_state: { state: 'accepted' }, accepted_offer: { id: offerId } });
    expect(await receipt(t, sender.auth, shipmentId)).toMatchObject({ total: 121 });
    expect((await t.payments.charges()).length).toBe(1);
  });

  it('the card is refused when settled: the shipment stays new and unpaid, and a new accept works', async () => {
    // This test card is stored fine but its charges fail.
    const { first, restart, sender, shipmentId, offerId } = await setUp('tok_chargeCustomerFail');
    const charged = dieAtCharge(first.payments, false);
    void accept(first, sender.auth, shipmentId, offerId);
    await charged;

    const t = await restart();
    expect(await t.app.settleStalePayments()).toEqual({ settled: 1, left: 0 });
    expect(await shipment(t, sender.auth, shipmentId)).toMatchObject({ current_state: { state: 'new' }, accepted_offer: null });
    expect(await receipt(t, sender.auth, shipmentId)).toBeNull();
    expect(await t.payments.charges()).toEqual([]);
    expect(await paymentRows(t, shipmentId)).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(await pushTypes(t, sender.auth)).toContain(`payment.failed ${shipmentId}`);

    // The claim is released: the sender can pay with another card.
    await t.app.inject({ method: 'POST', url: '/api/billing/deletecards', headers: sender.auth });
    expect((await addCard(t, sender.auth, 'tok_visa')).statusCode).toBe(200);
    const again = await accept(t, sender.auth, shipmentId, offerId);
    expect(again.statusCode).toBe(200);
    expect(again.json().current_state.state).toBe('accepted');
    expect((await t.payments.charges()).length).toBe(1);
  });
});

describe('an invoice claim left by a process that died before completing it', () => {
  it('is completed by the settlement: the sender asked to accept by invoice, and no money moves', async () => {
    const { first, restart, sender, shipmentId, offerId } = await setUp();
    // The claim is the first write of an accept; the process died before the next one.
    await first.handle.db
      .insertInto('payments')
      .values({ shipmentId, offerId, userId: sender.id, method: 'invoice', amountCents: 12100, currency: 'eur', status: 'pending', createdAt: first.clock.now(), updatedAt: first.clock.now() })
      .execute();
    const t = await restart();
    expect(await t.app.settleStalePayments()).toEqual({ settled: 1, left: 0 });
    expect(await shipment(t, sender.auth, shipmentId)).toMatchObject({ current_state: { state: 'accepted' }, accepted_offer: { id: offerId } });
    expect(await receipt(t, sender.auth, shipmentId)).toMatchObject({ method: 'invoice', total: 121 });
    expect(await t.payments.charges()).toEqual([]);
  });
});

describe('Bancontact across a restart', () => {
  const start = (t: TestApp, auth: Auth, id: number, offerId: number) =>
    t.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}/bancontact`, headers: auth, payload: { return_path: `/jobs/${id}` } });

  it('a session started on one process is paid on the bank page of the next, and the shipment is accepted', async () => {
    const { first, restart, sender, shipmentId, offerId } = await setUp();
    const started = await start(first, sender.auth, shipmentId, offerId);
    expect(started.statusCode).toBe(200);
    const { payment_id, redirect_url } = started.json();
    const page = new URL(redirect_url).pathname;

    const t = await restart(5);
    const bank = await t.app.inject({ method: 'GET', url: page });
    expect(bank.statusCode).toBe(200);
    expect(bank.body).toMatch(/€\s121,00/);
    const back = await t.app.inject({ method: 'POST', url: `${page}/authorise` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`${t.config.publicUrl}/#/jobs/${shipmentId}?payment=${payment_id}`);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/payments/${payment_id}/confirm`, headers: sender.auth });
    expect(confirmed.json()).toMatchObject({ status: 'succeeded', shipment: { current_state: { state: 'accepted' }, accepted_offer: { id: offerId } } });
  });

  it('paid at the bank but the sender never came back (and no webhook arrived): settled as accepted', async () => {
    const { first, restart, sender, shipmentId, offerId } = await setUp();
    const { redirect_url } = (await start(first, sender.auth, shipmentId, offerId)).json();
    // The bank took the money; the webhook never reached us.
    await first.payments.completeBancontact(new URL(redirect_url).pathname.split('/').pop()!, 'authorise');

    const t = await restart(3601);
    expect(await t.app.settleStalePayments()).toEqual({ settled: 1, left: 0 });
    const auth = await signIn(t, sender);
    expect(await shipment(t, auth, shipmentId)).toMatchObject({ current_state: { state: 'accepted' }, accepted_offer: { id: offerId } });
    expect(await receipt(t, auth, shipmentId)).toMatchObject({ method: 'bancontact', total: 121 });
  });

  it('abandoned past the session’s life: released, the bank page can no longer take money, and the sender can pay again', async () => {
    const { first, restart, sender, shipmentId, offerId } = await setUp();
    const { redirect_url } = (await start(first, sender.auth, shipmentId, offerId)).json();
    const page = new URL(redirect_url).pathname;

    let t = await restart(60);
    // Within the session's life the payment is the sender's to finish: nothing is settled.
    expect(await t.app.settleStalePayments()).toEqual({ settled: 0, left: 0 });
    t.clock.advance(3600);
    expect(await t.app.settleStalePayments()).toEqual({ settled: 1, left: 0 });
    const auth = await signIn(t, sender);
    expect(await shipment(t, auth, shipmentId)).toMatchObject({ current_state: { state: 'new' }, accepted_offer: null });
    await t.app.inject({ method: 'POST', url: `${page}/authorise` });
    expect((await t.app.inject({ method: 'GET', url: page })).body).toContain('Deze betaling is al geweigerd.');
    expect(await receipt(t, auth, shipmentId)).toBeNull();
    expect(await pushTypes(t, auth)).toContain(`payment.failed ${shipmentId}`);

    t = await restart(0);
    expect((await accept(t, sender.auth, shipmentId, offerId)).statusCode).toBe(200);
    expect((await paymentRows(t, shipmentId)).map((p) => `${p.method} ${p.status}`)).toEqual(['bancontact failed', 'card succeeded']);
  });
});
