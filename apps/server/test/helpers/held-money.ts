import { expect } from 'vitest';
import { registerAndLogin } from './flows.ts';
import { type Auth, accept, addCard, createDriver, createShipment, driverState, makeOffer, takeProof } from './marketplace.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 22: jobs paid at acceptance and driven to delivered with proof, for the money tests.

type Driver = { id: number; auth: Auth };

/** A job of the sender, accepted (paid by the sender's card) at the driver's price in euros. */
export async function acceptedShipment(t: TestApp, sender: { auth: Auth }, driver: Driver, price: number): Promise<number> {
  const id = await createShipment(t, sender.auth);
  const offer = await makeOffer(t, driver, id, price);
  expect((await accept(t, sender.auth, id, offer)).statusCode).toBe(200);
  return id;
}

/** Drives an accepted job to delivered, with the pickup and delivery proofs. */
export async function delivered(t: TestApp, driver: Driver, id: number): Promise<void> {
  for (const s of ['onwaytopickup', 'arrivedpickup', 'loading']) expect((await driverState(t, driver, id, s, false)).statusCode).toBe(200);
  expect((await takeProof(t, driver, id, 'pickup')).statusCode).toBe(201);
  for (const s of ['loaded', 'onwaytodelivery', 'arriveddelivery', 'unloading', 'unloaded']) expect((await driverState(t, driver, id, s, false)).statusCode).toBe(200);
  expect((await takeProof(t, driver, id, 'delivery')).statusCode).toBe(201);
  expect((await driverState(t, driver, id, 'delivered', false)).statusCode).toBe(200);
}

/** The sender's answer after delivery. */
export const answerDelivery = (t: TestApp, sender: { auth: Auth }, id: number, outcome: 'confirmed' | 'problem') =>
  t.app.inject({ method: 'POST', url: `/api/shipment/${id}/delivery`, headers: sender.auth, payload: outcome === 'problem' ? { outcome, note: 'De kast is gebroken' } : { outcome } });

/**
 * A fresh app (its own database and clock: the money tests move it a day or more) with a sender who
 * has a card and a verified driver.
 */
export async function moneyMarket(): Promise<{ t: TestApp; sender: Awaited<ReturnType<typeof registerAndLogin>>; driver: Awaited<ReturnType<typeof createDriver>> }> {
  const t = await createTestApp();
  const sender = await registerAndLogin(t);
  await addCard(t, sender.auth);
  return { t, sender, driver: await createDriver(t) };
}

/** A sender with a card and a verified driver on an app a test already has. */
export async function senderAndDriver(t: TestApp): Promise<{ sender: Awaited<ReturnType<typeof registerAndLogin>>; driver: Awaited<ReturnType<typeof createDriver>> }> {
  const sender = await registerAndLogin(t);
  await addCard(t, sender.auth);
  return { sender, driver: await createDriver(t) };
}

/** A job paid at `price`, delivered with proof and confirmed by its sender: its money released to the driver. */
export async function releasedShipment(t: TestApp, sender: { auth: Auth }, driver: Driver, price: number): Promise<number> {
  const id = await acceptedShipment(t, sender, driver, price);
  await delivered(t, driver, id);
  expect((await answerDelivery(t, sender, id, 'confirmed')).statusCode).toBe(200);
  return id;
}
