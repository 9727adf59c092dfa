import type { InvoiceRead } from '@vm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVehicle, business, joinedDriver, lightVan, postDriver, uploadDocument } from '../helpers/driver-joining.ts';
import { login, registerAndLogin } from '../helpers/flows.ts';
import { acceptedShipment, answerDelivery, delivered } from '../helpers/held-money.ts';
import { addCard, type Auth } from '../helpers/marketplace.ts';
import { STAFF_ADMIN_TOKEN, staffSession } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 22: the self-billing agreement (art. 53 §2 Belgian VAT Code). A driver accepts it when
// joining (the registration is refused without it), a driver who joined before accepts it on their
// account; from then on each released job gets its self-billed invoice in the driver's name.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: STAFF_ADMIN_TOKEN, STAFF_SIGN_IN_PER_IP: '1000' });
});
afterAll(() => t.close());

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
const profileOf = async (auth: Auth) => (await t.app.inject({ method: 'GET', url: '/api/driver/profile', headers: auth })).json().profile;
const acceptAgreement = (auth: Auth | Record<string, never>, body: unknown = { accept: true }) =>
  t.app.inject({ method: 'POST', url: '/api/driver/profile/self-billing', headers: auth, payload: body as Record<string, unknown> });

/** A driver who joined before the agreement existed: their profile has no acceptance. */
async function olderDriver() {
  const d = await joinedDriver(t);
  await t.handle.db.updateTable('driverProfiles').set({ selfBillingAcceptedAt: null }).where('userId', '=', d.id).execute();
  return d;
}

describe('joining with the self-billing agreement', () => {
  it('stores the moment the driver accepted it; the profile reads it back', async () => {
    const d = await joinedDriver(t);
    expect((await profileOf(d.auth)).self_billing_accepted_at).toBe(nowSeconds());
  });

  it('is refused without it, at the field, in the caller’s language, and keeps no account', async () => {
    for (const [lang, driver, words] of [
      ['nl', business({ self_billing_accepted: false }), 'zelffacturatie'],
      ['fr', business({ self_billing_accepted: undefined }), 'autofacturation'],
      ['en', business({ self_billing_accepted: false }), 'self-billing'],
    ] as const) {
      const { res, body } = await postDriver(t, driver, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual([{ field: 'driver.self_billing_accepted', message: expect.stringContaining(words) }]);
      expect((await login(t, body.email, body.password)).statusCode).not.toBe(200);
    }
  });
});

describe('a driver who joined before the agreement', () => {
  it('accepts it once on their account: the first moment stays, { accept: false } is refused', async () => {
    const d = await olderDriver();
    expect((await profileOf(d.auth)).self_billing_accepted_at).toBeNull();

    const refused = await acceptAgreement(d.auth, { accept: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual([{ field: 'accept', message: expect.stringContaining('zelffacturatie') }]);
    expect((await profileOf(d.auth)).self_billing_accepted_at).toBeNull();

    const first = nowSeconds();
    const accepted = await acceptAgreement(d.auth);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().profile).toMatchObject({ self_billing_accepted_at: first, status: 'incomplete' });
    t.clock.advance(3600);
    expect((await acceptAgreement(await d.signIn())).json().profile.self_billing_accepted_at).toBe(first);
  });

  it('only for a signed-in driver: no token 401, a sender 403', async () => {
    expect((await acceptAgreement({})).statusCode).toBe(401);
    const sender = await registerAndLogin(t);
    expect((await acceptAgreement(sender.auth)).statusCode).toBe(403);
  });

  it('gets no self-billed invoice before accepting; after, one per released job', async () => {
    const d = await olderDriver();
    // Verified by staff, as a real driver is, so they can bid.
    expect((await addVehicle(t, d.auth, lightVan())).statusCode).toBe(201);
    for (const kind of ['driving_licence', 'cmr_insurance']) expect((await uploadDocument(t, d.auth, kind, '2030-01-31')).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/driver/verification', headers: d.auth })).statusCode).toBe(200);
    const support = await staffSession(t, 'support');
    expect((await t.app.inject({ method: 'POST', url: `/api/ops/drivers/${d.id}/decision`, headers: support, payload: { decision: 'approve' } })).statusCode).toBe(200);

    const sender = await registerAndLogin(t);
    await addCard(t, sender.auth);
    const release = async (price: number) => {
      const id = await acceptedShipment(t, sender, d, price);
      await delivered(t, d, id);
      expect((await answerDelivery(t, sender, id, 'confirmed')).statusCode).toBe(200);
      await t.app.invoices.settled();
      await t.app.invoices.issueDue();
      return id;
    };
    const list = async (): Promise<InvoiceRead[]> => (await t.app.inject({ method: 'GET', url: '/api/invoices', headers: d.auth })).json().invoices;

    const before = await release(90);
    expect(await list()).toEqual([]);

    // Accepted: the job released before gets its invoice at the next sweep (issued under the
    // agreement), and so does every job released from now on.
    expect((await acceptAgreement(d.auth)).statusCode).toBe(200);
    const after = await release(120);
    const invoices = await list();
    expect(invoices.map((i) => [i.kind, i.shipment_id, i.status]).sort()).toEqual([
      ['self_billed_invoice', before, 'open'],
      ['self_billed_invoice', after, 'open'],
    ].sort());
    expect(invoices[0]!.number).toMatch(/^SB-\d{4}-\d{6}$/);
    const pdf = await t.app.inject({ method: 'GET', url: invoices[0]!.pdf_url, headers: d.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Two whole jobs from joining to release: longer than the default limit on a busy machine.
  }, 120_000);
});
