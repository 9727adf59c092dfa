import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, createShipment } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO_DRIVERS: 'true', DEMO_OFFER_DELAY_SECONDS: '2', DEMO_STEP_SECONDS: '5' });
});
afterAll(() => t.close());

describe('demo drivers', () => {
  it('offer on a new shipment within seconds, near the estimate, drive it to delivered, and rate the sender once the sender confirmed', async () => {
    const demo = t.app.demoDrivers!;
    const sender = await registerAndLogin(t);
    const id = await createShipment(t, sender.auth);
    const get = async () => (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();

    await demo.tick();
    expect((await get()).offers).toHaveLength(0);
    t.clock.advance(10);
    await demo.tick();
    const s = await get();
    expect(s.offers.length).toBeGreaterThanOrEqual(2);
    expect(s.offers.length).toBeLessThanOrEqual(4);
    // Hasselt -> Brussel (about 90 km by the estimate) for a small package: tens of euros, not thousands.
    for (const o of s.offers) {
      expect(o.price).toBeGreaterThan(50);
      expect(o.price).toBeLessThan(250);
    }
    expect(new Set(s.offers.map((o: { driver: { user: { id: number } } }) => o.driver.user.id)).size).toBe(s.offers.length);

    await addCard(t, sender.auth);
    expect((await accept(t, sender.auth, id, s.offers[0].id)).statusCode).toBe(200);
    const seen: string[] = [];
    for (let i = 0; i < 20 && (await get()).current_state.state !== 'delivered'; i++) {
      t.clock.advance(6);
      await demo.tick();
      const now = await get();
      seen.push(now.current_state.state);
      if (now.current_state.state === 'onwaytodelivery') expect(now.current_location).not.toBeNull();
    }
    expect(seen.at(-1)).toBe('delivered');
    expect(seen).toContain('loaded');
    // A demo driver stops at delivered: the job is done once the money is settled, here by the sender's confirmation.
    t.clock.advance(60);
    await demo.tick();
    expect((await get()).current_state.state).toBe('delivered');
    expect((await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/delivery`, headers: sender.auth, payload: { outcome: 'confirmed' } })).statusCode).toBe(200);
    const done = await get();
    expect(done.current_state.state).toBe('finalised');
    expect(done.driver_route.distance).toBeGreaterThan(done.route.distance);
    expect(done.current_location.lat).toBeCloseTo(done.delivery_location.lat, 3);
    await demo.tick();
    expect((await get()).ratings).toEqual([expect.objectContaining({ ratingable_id: sender.id, rating: 5 })]);
  });
});
