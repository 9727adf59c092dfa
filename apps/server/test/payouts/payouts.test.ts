import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PayoutProvider, SANDBOX_FAILING_IBAN, SANDBOX_SETTLE_SECONDS } from '../../src/adapters/payouts/payout-provider.ts';
import { sandboxPayoutProvider } from '../../src/adapters/payouts/sandbox-payout-provider.ts';
import { ADMIN_TOKEN_FILE } from '../../src/env.ts';
import { ledgerService } from '../../src/modules/ledger/ledger.service.ts';
import { payoutsService } from '../../src/modules/payouts/payouts.service.ts';
import { login } from '../helpers/flows.ts';
import { acceptedShipment, answerDelivery, delivered, moneyMarket } from '../helpers/held-money.ts';
import type { Auth } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { contractPayee, payoutProviderContract } from './payout-provider-contract.ts';

// Issue 22 part 3: weekly payouts of released money, through the embedded SEPA sandbox. Claimed in
// the database with the ledger's movement before the provider is called, settled once, a failure
// puts the money back and is tried again after the driver changes their IBAN.

let t: TestApp;
let sender: { auth: Auth; email: string };
let driver: { id: number; email: string; auth: Auth };

// Each test its own database and clock (the timer tests move it a day or more) and its own parties.
beforeEach(async () => {
  ({ t, sender, driver } = await moneyMarket());
});
afterEach(() => t.close());

/** A job of 150 € released to the driver (confirmed by the sender): 159.72 € owed to a VAT-registered driver. */
async function releasedJob(): Promise<number> {
  const id = await acceptedShipment(t, sender, driver, 150);
  await delivered(t, driver, id);
  expect((await answerDelivery(t, sender, id, 'confirmed')).statusCode).toBe(200);
  return id;
}

const payable = async () => 0 - (await t.app.ledger.balance({ kind: 'driver_payable', userId: driver.id }));
const inTransit = async () => t.app.ledger.balance({ kind: 'payouts_in_transit' });
const payouts = () => t.handle.db.selectFrom('payouts').select(['id', 'status', 'amountCents', 'failureReason']).where('driverId', '=', driver.id).orderBy('id').execute();
/** The test clock starts on Sunday 22/11/2026 10:00 UTC; Monday begins at 23:00 UTC in Brussels. */
const toMonday = () => t.clock.advance(13 * 3600 + 10 * 60);
const earnings = async () => {
  const res = await login(t, driver.email, 'rijden123');
  return (await t.app.inject({ method: 'GET', url: '/api/driver/earnings', headers: { authorization: `Bearer ${res.json().access_token}` } })).json();
};

describe('weekly payouts', () => {
  it('staff pay out now, any day (npm run admin -- payouts run --now): once, then settled by the next run', async () => {
    await releasedJob();
    const token = t.config.adminToken ?? (await fs.readFile(path.join(t.dataDir, ADMIN_TOKEN_FILE), 'utf8'));
    const admin = async (args: string[]) => (await t.app.inject({ method: 'POST', url: '/api/admin/command', headers: { authorization: `Bearer ${token}` }, payload: { args } })).json();
    // Sunday: the weekly run pays nobody; staff's off-cycle run does.
    expect(await admin(['payouts', 'run'])).toEqual({ ok: true, message: '0 payout(s) sent; open payouts settled.' });
    expect(await admin(['payouts', 'run', '--now'])).toEqual({ ok: true, message: '1 payout(s) sent; open payouts settled.' });
    expect(await admin(['payouts', 'run', '--now'])).toEqual({ ok: true, message: '0 payout(s) sent; open payouts settled.' });
    t.clock.advance(SANDBOX_SETTLE_SECONDS);
    await admin(['payouts', 'run']);
    expect(await payouts()).toEqual([expect.objectContaining({ status: 'paid', amountCents: 15_972 })]);
    expect(await payable()).toBe(0);
  });

  it('pays everything released on Monday, once, and the job reads paid out', async () => {
    const id = await releasedJob();
    expect(await payable()).toBe(15_972);
    // Sunday: nothing goes out.
    expect(await t.app.payouts.run()).toBe(0);
    toMonday();
    expect(await t.app.payouts.run()).toBe(1);
    expect(await payouts()).toEqual([expect.objectContaining({ status: 'pending', amountCents: 15_972 })]);
    expect(await payable()).toBe(0);
    expect(await inTransit()).toBe(-15_972);
    // Another run that Monday (another process, a retry) makes no second payout.
    expect(await t.app.payouts.run()).toBe(0);
    t.clock.advance(SANDBOX_SETTLE_SECONDS);
    await t.app.payouts.run();
    expect(await payouts()).toEqual([expect.objectContaining({ status: 'paid' })]);
    expect(await inTransit()).toBe(0);
    const e = await earnings();
    expect(e.items).toEqual([expect.objectContaining({ shipment_id: id, status: 'paid_out' })]);
    expect(e.payouts).toEqual([expect.objectContaining({ amount: 159.72, status: 'paid', failure_reason: null })]);
    expect(await t.app.ledger.check()).toEqual({ unbalanced: [], held: [], negativePayables: [] });
  });

  it('gives the money back when the bank refuses it, and pays again once the driver changes the IBAN', async () => {
    await releasedJob();
    await t.handle.db.updateTable('driverProfiles').set({ iban: SANDBOX_FAILING_IBAN }).where('userId', '=', driver.id).execute();
    toMonday();
    expect(await t.app.payouts.run()).toBe(1);
    t.clock.advance(SANDBOX_SETTLE_SECONDS);
    await t.app.payouts.run();
    expect(await payouts()).toEqual([expect.objectContaining({ status: 'failed', failureReason: expect.stringMatching(/closed/) })]);
    expect(await payable()).toBe(15_972);
    expect(await inTransit()).toBe(0);
    expect((await earnings()).payouts).toEqual([expect.objectContaining({ status: 'failed', failure_reason: expect.stringMatching(/closed/) })]);
    // The same IBAN: not tried again, even on Monday.
    t.clock.advance(3600);
    expect(await t.app.payouts.run()).toBe(0);
    // The driver fixes the IBAN (any day): paid again.
    await t.handle.db.updateTable('driverProfiles').set({ iban: 'BE68539007547034' }).where('userId', '=', driver.id).execute();
    t.clock.advance(24 * 3600);
    expect(await t.app.payouts.run()).toBe(1);
    t.clock.advance(SANDBOX_SETTLE_SECONDS);
    await t.app.payouts.run();
    expect((await payouts()).map((p) => p.status)).toEqual(['failed', 'paid']);
    expect(await payable()).toBe(0);
    expect(await t.app.ledger.check()).toEqual({ unbalanced: [], held: [], negativePayables: [] });
  });

  it('a run that read who is owed before another process paid them makes no second payout', async () => {
    await releasedJob();
    toMonday();
    const log = { warn: () => undefined, error: () => undefined };
    const ledger = ledgerService({ db: t.handle.db, now: t.clock.now, log });
    const sandbox = sandboxPayoutProvider({ db: t.handle.db, now: t.clock.now });
    // This run is slow between reading the drivers owed and claiming (asking the provider whether the
    // driver can be paid); meanwhile another process pays the driver and the payout settles.
    let interleaved = false;
    const slow: PayoutProvider = {
      ...sandbox,
      payoutsEnabled: async () => {
        if (!interleaved) {
          interleaved = true;
          expect(await t.app.payouts.run()).toBe(1);
          t.clock.advance(SANDBOX_SETTLE_SECONDS);
          await t.app.payouts.run();
          expect(await payouts()).toEqual([expect.objectContaining({ status: 'paid' })]);
        }
        return true;
      },
    };
    expect(await payoutsService({ db: t.handle.db, ledger, provider: slow, now: t.clock.now, log }).run()).toBe(0);
    expect(interleaved).toBe(true);
    expect(await payouts()).toEqual([expect.objectContaining({ status: 'paid', amountCents: 15_972 })]);
    const sent = await sql<{ n: number }>`select count(*)::int as n from sandbox_payouts`.execute(t.handle.db);
    expect(sent.rows[0]!.n).toBe(1);
    expect(await payable()).toBe(0);
    expect(await t.app.ledger.check()).toEqual({ unbalanced: [], held: [], negativePayables: [] });
  });

  it('sends a payout left claimed by a run that died before the provider answered, once, with the same key', async () => {
    await releasedJob();
    toMonday();
    const log = { warn: () => undefined, error: () => undefined };
    const ledger = ledgerService({ db: t.handle.db, now: t.clock.now, log });
    const sandbox = sandboxPayoutProvider({ db: t.handle.db, now: t.clock.now });
    // The provider is reached but the answer is lost (the process dies): the claim stays.
    let calls = 0;
    const dying: PayoutProvider = {
      ...sandbox,
      pay: async (req, key) => {
        calls++;
        await sandbox.pay(req, key);
        throw new Error('connection reset');
      },
    };
    expect(await payoutsService({ db: t.handle.db, ledger, provider: dying, now: t.clock.now, log }).run()).toBe(1);
    expect(await payouts()).toEqual([expect.objectContaining({ status: 'claimed' })]);
    expect(await payable()).toBe(0);
    // The next run (after the claim went stale) sends it again with the same key: the same payout.
    t.clock.advance(61);
    await t.app.payouts.run();
    expect(await payouts()).toEqual([expect.objectContaining({ status: 'pending' })]);
    const sent = await sql<{ n: number }>`select count(*)::int as n from sandbox_payouts`.execute(t.handle.db);
    expect(sent.rows[0]!.n).toBe(1);
    expect(calls).toBe(1);
    t.clock.advance(SANDBOX_SETTLE_SECONDS);
    await t.app.payouts.run();
    expect(await payouts()).toEqual([expect.objectContaining({ status: 'paid' })]);
    expect(await t.app.ledger.check()).toEqual({ unbalanced: [], held: [], negativePayables: [] });
  });
});

// The behaviour every payout provider shares, on the sandbox (the Stripe adapter runs it against its fake).
const contractApps: TestApp[] = [];
afterAll(async () => {
  for (const app of contractApps) await app.close();
});
payoutProviderContract('sandbox', async () => {
  const app = await createTestApp();
  contractApps.push(app);
  const provider = sandboxPayoutProvider({ db: app.handle.db, now: app.clock.now });
  return {
    provider,
    async readyPayee(failing) {
      const iban = failing ? SANDBOX_FAILING_IBAN : 'BE68539007547034';
      const { payeeId } = await provider.payee(contractPayee({ iban }), `payee-${failing}`);
      return { payeeId, iban };
    },
    async settle() {
      app.clock.advance(SANDBOX_SETTLE_SECONDS);
    },
  };
});
