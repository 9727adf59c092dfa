import { afterEach, describe, expect, it } from 'vitest';
import { reportHolds } from '../../src/modules/ledger/ledger.service.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { SANDBOX_SETTLE_SECONDS } from '../../src/adapters/payouts/payout-provider.ts';
import { acceptedShipment, releasedShipment, senderAndDriver } from '../helpers/held-money.ts';
import { createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { STAFF_ADMIN_TOKEN } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The ledger against the providers: `ledger check` compares every payment the provider took, every
// refund it made and every payout sent with the ledger, names each difference, and refunds money
// the provider took for a payment the product gave up; the recovery of a pending payment that fails
// twice tells staff.

let t: TestApp;
afterEach(() => t?.close());

const admin = async (args: string[]) =>
  (await t.app.inject({ method: 'POST', url: '/api/admin/command', headers: { authorization: `Bearer ${STAFF_ADMIN_TOKEN}` }, payload: { args } })).json<{ ok: boolean; message: string }>();

/** A Bancontact payment of a new job, started and waiting at the bank. */
async function waitingBancontact() {
  const sender = await registerAndLogin(t);
  const driver = await createDriver(t);
  const id = await createShipment(t, sender.auth);
  const offerId = await makeOffer(t, driver, id, 60);
  const started = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}/bancontact`, headers: sender.auth, payload: { return_path: `/jobs/${id}` } });
  expect(started.statusCode, started.body).toBe(200);
  return { sender, id, paymentId: started.json().payment_id as number, providerId: new URL(started.json().redirect_url as string).pathname.split('/').pop()! };
}

describe('ledger check against the payment provider', () => {
  it('names a charge the provider made that the ledger lacks, refunds it in full once, and then agrees', async () => {
    t = await createTestApp({ ADMIN_TOKEN: STAFF_ADMIN_TOKEN });
    // Made on purpose: the payment was given up here (as a recovery that saw the bank page expired
    // would), and the bank took the money all the same, with no event reaching us.
    const { id, paymentId, providerId } = await waitingBancontact();
    await t.handle.db.updateTable('payments').set({ status: 'failed' }).where('id', '=', paymentId).execute();
    await t.payments.completeBancontact(providerId, 'authorise');
    expect(await t.app.ledger.heldFor(id)).toBe(0);

    const first = await admin(['ledger', 'check']);
    expect(first.message).toContain(`payment ${paymentId} (shipment ${id}): the provider took € 72.60 (${providerId}), the ledger has no charge for it (booked and refunded in full)`);
    expect(first.ok, first.message).toBe(true);
    // Refunded at the provider under the refund's own key, and the ledger shows the charge and its refund.
    const refunds = await t.handle.db.selectFrom('sandboxRefunds').select(['paymentId', 'amountCents', 'idempotencyKey']).execute();
    expect(refunds).toEqual([{ paymentId: providerId, amountCents: 7260, idempotencyKey: expect.stringMatching(/^refund-\d+$/) }]);
    const kinds = await t.handle.db.selectFrom('ledgerTransactions').select('kind').where('shipmentId', '=', id).orderBy('id').execute();
    expect(kinds.map((k) => k.kind)).toEqual(['charge', 'refund']);
    expect(await t.app.ledger.heldFor(id)).toBe(0);
    expect(reportHolds(await t.app.ledger.check())).toBe(true);
    // The job was not accepted by it.
    expect((await t.handle.db.selectFrom('shipments').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).toBe('new');

    const second = await admin(['ledger', 'check']);
    expect(second).toEqual({ ok: true, message: expect.stringContaining('The ledger agrees with the payment and payout providers (last 7 days).') });
    expect(await t.handle.db.selectFrom('sandboxRefunds').select('id').execute()).toHaveLength(1);
  });

  it('names a refund the provider made that is none of ours, and money booked that the provider never took', async () => {
    t = await createTestApp({ ADMIN_TOKEN: STAFF_ADMIN_TOKEN });
    const { sender, driver } = await senderAndDriver(t);
    const id = await acceptedShipment(t, sender, driver, 80);
    const payment = await t.handle.db.selectFrom('payments').select(['id', 'providerRef', 'amountCents']).where('shipmentId', '=', id).executeTakeFirstOrThrow();
    expect(await admin(['ledger', 'check'])).toMatchObject({ ok: true, message: expect.stringContaining('agrees with the payment and payout providers') });

    // Someone refunded 10 € at the provider's dashboard, outside the product.
    await t.payments.refund({ paymentRef: payment.providerRef!, amountCents: 1000, reason: 'requested_by_customer', idempotencyKey: 'dashboard-1' });
    // And the provider lost a charge the ledger booked (a record removed on purpose).
    await t.handle.db.deleteFrom('sandboxCharges').where('id', '=', payment.providerRef!).execute();
    const check = await admin(['ledger', 'check']);
    expect(check.ok).toBe(false);
    expect(check.message).toContain(`the provider refunded € 10.00`);
    expect(check.message).toContain(`for no refund of ours`);
    expect(check.message).toContain(`payment ${payment.id}: the ledger booked € ${(payment.amountCents / 100).toFixed(2)} the provider has no payment for (${payment.providerRef})`);
  });
});

describe('ledger check against the payout provider', () => {
  it('agrees with a payout sent and paid, and names one paid here that the provider never sent', async () => {
    t = await createTestApp({ ADMIN_TOKEN: STAFF_ADMIN_TOKEN });
    const { sender, driver } = await senderAndDriver(t);
    await releasedShipment(t, sender, driver, 150);
    expect(await admin(['payouts', 'run', '--now'])).toMatchObject({ ok: true, message: '1 payout(s) sent; open payouts settled.' });
    t.clock.advance(SANDBOX_SETTLE_SECONDS);
    await admin(['payouts', 'run']);
    const payout = await t.handle.db.selectFrom('payouts').select(['id', 'status', 'amountCents']).executeTakeFirstOrThrow();
    expect(payout.status).toBe('paid');
    expect(await admin(['ledger', 'check'])).toMatchObject({ ok: true, message: expect.stringContaining('agrees with the payment and payout providers') });

    // The provider's record of it gone (made on purpose): the ledger says paid, the provider sent nothing.
    await t.handle.db.deleteFrom('sandboxPayouts').execute();
    const check = await admin(['ledger', 'check']);
    expect(check.ok).toBe(false);
    expect(check.message).toContain(`payout ${payout.id} of € ${(payout.amountCents / 100).toFixed(2)} is paid here, the provider sent nothing for it`);
  });
});

describe('the recovery of a pending payment', () => {
  it('fails quietly once, tells staff at the second failure (an error, once), and ledger check lists it', async () => {
    const lines: { level: number; msg: string; paymentId?: number }[] = [];
    let down = false;
    t = await createTestApp({ ADMIN_TOKEN: STAFF_ADMIN_TOKEN }, undefined, { write: (line) => void lines.push(JSON.parse(line)) }, {
      // The provider is down for the bank's answers while `down`.
      paymentProvider: (sandbox) => ({
        ...sandbox,
        getPayment: async (ref) => {
          if (down) throw new Error('connect ETIMEDOUT api.provider');
          return sandbox.getPayment(ref);
        },
      }),
    });
    const { paymentId } = await waitingBancontact();
    // Past the bank session's life: the recovery asks the provider, which does not answer.
    t.clock.advance(2 * 3600);
    down = true;
    const stuck = (l: { level: number; msg: string; paymentId?: number }) => l.paymentId === paymentId && l.level === 50;
    await t.app.settleStalePayments();
    expect(lines.filter(stuck)).toEqual([]);
    await t.app.settleStalePayments();
    expect(lines.filter(stuck)).toEqual([expect.objectContaining({ msg: expect.stringContaining('staff must look at it') })]);
    await t.app.settleStalePayments();
    expect(lines.filter(stuck)).toHaveLength(1);

    const check = await admin(['ledger', 'check']);
    expect(check.message).toContain(`payment ${paymentId}`);
    expect(check.message).toContain('is still pending: its recovery failed 3 times (connect ETIMEDOUT api.provider)');

    // Back up: the next run settles it, and it is no longer listed.
    down = false;
    await t.app.settleStalePayments();
    expect((await admin(['ledger', 'check'])).message).not.toContain(`payment ${paymentId} `);
  });
});
