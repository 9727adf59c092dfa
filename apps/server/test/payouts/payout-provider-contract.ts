import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Payee, PayoutProvider, PayoutRequest } from '../../src/adapters/payouts/payout-provider.ts';

/**
 * What the behavioural checks every PayoutProvider must pass need from one adapter: the adapter, a
 * payee ready to receive money, and a way to let time pass. Made fresh for each check.
 */
export type PayoutContractHarness = {
  provider: PayoutProvider;
  /**
   * A payee money can go to now (Stripe: onboarding finished). `failing`: their bank refuses the
   * money, as for a closed account (the sandbox: SANDBOX_FAILING_IBAN).
   */
  readyPayee(failing: boolean): Promise<{ payeeId: string; iban: string }>;
  /** Lets enough time pass for every pending payout to settle (the sandbox: move the clock; Stripe's fake: settle). */
  settle(): Promise<void>;
};

/** A driver as the checks make them; the caller's `payee` may use it too. */
export const contractPayee = (overrides: Partial<Payee> = {}): Payee => ({
  userId: 4242,
  name: 'Jan Janssens',
  email: 'jan.janssens@example.be',
  iban: 'BE68539007547034',
  ...overrides,
});

const request = (payeeId: string, iban: string): PayoutRequest => ({
  payeeId,
  iban,
  amountCents: 12_345,
  currency: 'eur',
  reference: 'VM payout 2026-11',
  shipments: [
    { reference: 'VM-1001', amountCents: 10_000 },
    { reference: 'VM-1002', amountCents: 2_345 },
  ],
});

/** A key no other check (or earlier run against a shared sandbox) used. */
const freshKey = (what: string) => `contract:${what}:${randomUUID()}`;

/** The port's promises, checked the same way against any adapter. */
export function payoutProviderContract(name: string, makeHarness: () => Promise<PayoutContractHarness>) {
  describe(`PayoutProvider contract: ${name}`, () => {
    it('answers the same payee for the same key', async () => {
      const { provider } = await makeHarness();
      const key = freshKey('payee');
      const first = await provider.payee(contractPayee(), key);
      const again = await provider.payee(contractPayee(), key);
      expect(again.payeeId).toBe(first.payeeId);
      expect(first.payeeId).not.toBe('');
    });

    it('pays: pending (or already paid) at first, paid once settled', async () => {
      const h = await makeHarness();
      const payee = await h.readyPayee(false);
      const paid = await h.provider.pay(request(payee.payeeId, payee.iban), freshKey('pay'));
      expect(['pending', 'paid']).toContain(paid.status);
      expect((await h.provider.status(paid.id)).status).toBe(paid.status);
      await h.settle();
      expect(await h.provider.status(paid.id)).toEqual({ status: 'paid', failureReason: null });
    });

    it('fails a payout the bank refuses, saying why', async () => {
      const h = await makeHarness();
      const payee = await h.readyPayee(true);
      const paid = await h.provider.pay(request(payee.payeeId, payee.iban), freshKey('fail'));
      expect(['pending', 'failed']).toContain(paid.status);
      await h.settle();
      const after = await h.provider.status(paid.id);
      expect(after.status).toBe('failed');
      expect(after.failureReason).toEqual(expect.stringMatching(/\S/));
    });

    it('pays once for the same key, and again for another key', async () => {
      const h = await makeHarness();
      const payee = await h.readyPayee(false);
      const key = freshKey('once');
      const first = await h.provider.pay(request(payee.payeeId, payee.iban), key);
      const retry = await h.provider.pay(request(payee.payeeId, payee.iban), key);
      expect(retry.id).toBe(first.id);
      const other = await h.provider.pay(request(payee.payeeId, payee.iban), freshKey('other'));
      expect(other.id).not.toBe(first.id);
    });
  });
}
