import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayoutProvider } from '../../src/adapters/payouts/payout-provider.ts';
import { login } from '../helpers/flows.ts';
import { releasedShipment, senderAndDriver } from '../helpers/held-money.ts';
import { type Auth, createDriver } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 22: a payout provider that asks the driver to finish setting up payouts on its own pages
// (Stripe Connect's hosted onboarding). Until the provider can pay them, the earnings say where;
// once it can, the notice is gone.

const ONBOARDING_URL = 'https://connect.stripe.com/setup/e/acct_1Test/AbCdEf';

let t: TestApp;
let enabled: boolean;
let reachable: boolean;
const paid: string[] = [];

/** A provider like Stripe's: the payee is made with an onboarding page; payouts wait until it is finished. */
const onboardingProvider: PayoutProvider = {
  name: 'stripe',
  payee: async (p) => ({ payeeId: `acct_test_${p.userId}`, onboardingUrl: ONBOARDING_URL }),
  payoutsEnabled: async () => {
    if (!reachable) throw new Error('Stripe account: connection timed out');
    return enabled;
  },
  pay: async (req) => {
    paid.push(req.payeeId);
    return { id: `${req.payeeId}/po_1`, status: 'pending' };
  },
  sent: async () => [],
  status: async () => ({ status: 'pending', failureReason: null }),
};

beforeEach(async () => {
  enabled = false;
  reachable = true;
  paid.length = 0;
  t = await createTestApp({}, undefined, undefined, { payoutProvider: onboardingProvider });
});
afterEach(() => t.close());

describe('payout set-up at the provider', () => {
  it('shows the onboarding link on the earnings until the provider can pay the driver', async () => {
    const { sender, driver } = await senderAndDriver(t);
    await releasedShipment(t, sender, driver, 150);

    const earnings = async () => {
      const auth: Auth = { authorization: `Bearer ${(await login(t, driver.email, 'rijden123')).json().access_token}` };
      const res = await t.app.inject({ method: 'GET', url: '/api/driver/earnings', headers: auth });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    // Nothing asked yet: the account at the provider is made with the first payout.
    expect((await earnings()).payout_setup).toBeNull();

    // Monday: the account is made, but the driver has not finished onboarding, so nothing is paid.
    t.clock.advance(13 * 3600 + 10 * 60);
    expect(await t.app.payouts.run()).toBe(0);
    expect(paid).toEqual([]);
    expect((await earnings()).payout_setup).toEqual({ url: ONBOARDING_URL });

    // The provider not answering: the link stays (finishing twice does no harm).
    reachable = false;
    expect((await earnings()).payout_setup).toEqual({ url: ONBOARDING_URL });
    reachable = true;

    // Onboarding finished: the notice is gone and the money goes out.
    enabled = true;
    expect((await earnings()).payout_setup).toBeNull();
    expect(await t.app.payouts.run()).toBe(1);
    expect(paid).toEqual([`acct_test_${driver.id}`]);

    // Another driver sees nothing of it.
    const other = await createDriver(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/driver/earnings', headers: other.auth });
    expect(res.json().payout_setup).toBeNull();
  });
});
