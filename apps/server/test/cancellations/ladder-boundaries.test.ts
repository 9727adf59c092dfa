import type { CancellationQuote } from '@vm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, type Auth, brussels, createDriver, createShipment, makeOffer, shipmentSide } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 22 part 4: the ladder's boundaries as the server applies them, on the pickup's clock
// (Europe/Brussels): one second before and at each step, what the quote says and what cancelling
// then costs. The pickup window opens Thursday 26/11/2026 08:00; free until Tuesday 08:00, 25 %
// until Wednesday 08:00, 50 % until Thursday 08:00, then 100 %. The test's clock moves forward only.

let t: TestApp;
let sender: { auth: Auth; email: string; password: string };
let id: number;
beforeAll(async () => {
  t = await createTestApp();
  sender = await registerAndLogin(t);
  await addCard(t, sender.auth);
  const driver = await createDriver(t);
  id = await createShipment(t, sender.auth, {
    pickup: shipmentSide({ date_from: brussels('2026-11-26', '08:00'), date_till: brussels('2026-11-26', '17:00') }),
    delivery: shipmentSide({ lat: 50.85045, lng: 4.34878, street: 'Nieuwstraat', number: '1', zip: '1000', city: 'Brussel', date_from: brussels('2026-11-26', '17:00'), date_till: brussels('2026-11-26', '22:00') }),
  });
  expect((await accept(t, sender.auth, id, await makeOffer(t, driver, id, 100))).statusCode).toBe(200);
});
afterAll(() => t.close());

const quote = async (): Promise<CancellationQuote> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/shipment/${id}/cancellation`, headers: sender.auth });
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** Moves the test clock to a Unix second (forward only), and signs the sender in again (days pass: the token expires). */
async function at(unix: number) {
  t.clock.advance(unix - Math.floor(t.clock.now().getTime() / 1000));
  sender.auth = { authorization: `Bearer ${(await login(t, sender.email, sender.password)).json().access_token}` };
}

describe('the ladder’s boundaries on the pickup’s clock', () => {
  it('steps up exactly at 48 h, 24 h and the window’s opening (wall clock), with the fee of each step', async () => {
    const q0 = await quote();
    const charged = q0.charged;
    expect(q0.boundaries).toEqual({ fee_25: brussels('2026-11-24', '08:00'), fee_50: brussels('2026-11-25', '08:00'), fee_100: brussels('2026-11-26', '08:00') });
    const steps: [number, string, number][] = [
      [brussels('2026-11-24', '08:00') - 1, 'free', 0],
      [brussels('2026-11-24', '08:00'), 'fee_25', 0.25],
      [brussels('2026-11-25', '08:00') - 1, 'fee_25', 0.25],
      [brussels('2026-11-25', '08:00'), 'fee_50', 0.5],
      [brussels('2026-11-26', '08:00') - 1, 'fee_50', 0.5],
      [brussels('2026-11-26', '08:00'), 'fee_100', 1],
    ];
    for (const [moment, step, share] of steps) {
      await at(moment);
      const q = await quote();
      expect({ moment, step: q.step }).toEqual({ moment, step });
      // The refund is rounded up to an amount a credit note states exactly: the fee is at most the ladder's, by under a cent.
      expect(q.fee).toBeLessThanOrEqual(Math.round(charged * share * 100) / 100);
      expect(q.fee).toBeGreaterThanOrEqual(Math.round(charged * share * 100) / 100 - 0.01);
      expect(q.fee + q.refund).toBeCloseTo(charged, 2);
    }
    // At 100 %, cancelling costs the whole price and refunds nothing.
    const last = await quote();
    const res = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/status`, headers: sender.auth, payload: { state: 'cancelled', fee: last.fee } });
    expect(res.statusCode).toBe(200);
    expect(await t.app.ledger.heldFor(id)).toBe(0);
    expect(last.refund).toBe(0);
  });
});
