import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { business, postDriver } from '../helpers/driver-joining.ts';
import { clientToken, login, registerAndLogin, validRegistration } from '../helpers/flows.ts';
import { createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 21, joining: a driver registers in the driver app, with the sender's phone check and the
// driver's business details, checked by the domain's rules (decision 0024).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const registerDriver = (driver: Record<string, unknown>, lang = 'nl') => postDriver(t, driver, lang);

describe('a driver registers', () => {
  it('with a verified phone and business details, stored normalised, waiting as incomplete; the token works on the driver API', async () => {
    const { res, body } = await registerDriver(business());
    expect(res.statusCode).toBe(201);
    const tokens = (await login(t, body.email, body.password)).json();
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const profile = await t.app.inject({ method: 'GET', url: '/api/driver/profile', headers: auth });
    expect(profile.json()).toEqual({
      profile: { kind: 'company', company_name: 'Peeters Transport BV', company_number: '0403170701', vat: 'BE0403170701', vat_exempt: false, iban: 'BE68539007547034', status: 'incomplete', refusal_reason: null, vehicles: 0, missing_documents: ['driving_licence', 'cmr_insurance'], commission_percent: 12, self_billing_accepted_at: Math.floor(t.clock.now().getTime() / 1000) },
    });
    // A driver's account: the driver API answers, the sender API does not.
    expect((await t.app.inject({ method: 'GET', url: '/api/driver/shipments', headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/shipment/sender', headers: auth })).statusCode).toBe(403);
  });

  it('says at each field what is wrong, in the caller’s language, and keeps nothing', async () => {
    const { res, body } = await registerDriver(business({ company_number: '0403.170.702', iban: 'BE68 5390 0754 7035', vat: '' }), 'fr');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'driver.company_number', message: expect.stringContaining('numéro d’entreprise') }),
        expect.objectContaining({ field: 'driver.iban', message: expect.stringContaining('IBAN') }),
        expect.objectContaining({ field: 'driver.vat' }),
      ]),
    );
    expect((await login(t, body.email, body.password)).statusCode).not.toBe(200);
  });

  it('as a person under the small-business exemption', async () => {
    const { res, body } = await registerDriver(business({ kind: 'person', company_name: '', vat: '', vat_exempt: true }));
    expect(res.statusCode).toBe(201);
    const tokens = (await login(t, body.email, body.password)).json();
    const profile = (await t.app.inject({ method: 'GET', url: '/api/driver/profile', headers: { authorization: `Bearer ${tokens.access_token}` } })).json().profile;
    expect(profile).toMatchObject({ kind: 'person', vat: '', vat_exempt: true, status: 'incomplete' });
  });

  it('without a phone check, or with a sender’s token on the driver profile, gets no account or no profile', async () => {
    const bearer = await clientToken(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/drivers', headers: { authorization: `Bearer ${bearer}` }, payload: { ...validRegistration(), verification_token: 'forged', driver: business() } });
    expect(res.statusCode).toBe(400);
    const sender = await registerAndLogin(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/driver/profile', headers: sender.auth })).statusCode).toBe(403);
  });

  it('a driver staff made (the admin command, as for the demo drivers) is verified at once and offers with its vehicle', async () => {
    const sender = await registerAndLogin(t);
    const driver = await createDriver(t, { type: 'truck', name: 'DAF XF' });
    const profile = (await t.app.inject({ method: 'GET', url: '/api/driver/profile', headers: driver.auth })).json().profile;
    expect(profile).toMatchObject({ status: 'approved', vehicles: 1, missing_documents: [] });
    // A truck needs the transport licence: the seed gave it one, with its document.
    const vehicles = (await t.app.inject({ method: 'GET', url: '/api/driver/vehicles', headers: driver.auth })).json().vehicles;
    expect(vehicles).toEqual([expect.objectContaining({ type: 'truck', name: 'DAF XF', needs_licence: true, licence_number: expect.stringMatching(/\S/) })]);
    const id = await createShipment(t, sender.auth);
    expect(await makeOffer(t, driver, id, 50)).toBeGreaterThan(0);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();
    expect(shown.offers[0].car.type).toEqual({ type: 'truck', name: 'DAF XF' });
  });
});
