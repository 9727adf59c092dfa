import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientToken, login, validRegistration, verifyPhone } from '../helpers/flows.ts';
import { accept, addCard, brussels, createDriver, createShipment, makeOffer, shipmentSide } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 12, French on the server: a reader whose browser asks for French (fr-BE) gets the API's
// errors in French, is stored as a French user, and gets French mails and push texts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://app.example.be' });
});
afterAll(() => t.close());

const FR = { 'accept-language': 'fr-BE,fr;q=0.9,nl;q=0.5' };

/** Registers through the real calls with a French browser, then logs in. */
async function registerInFrench() {
  const bearer = await clientToken(t);
  const body = validRegistration();
  const verification_token = await verifyPhone(t, bearer, body.cellphone as string);
  const created = await t.app.inject({ method: 'POST', url: '/api/user', headers: { authorization: `Bearer ${bearer}`, ...FR }, payload: { ...body, verification_token } });
  expect(created.statusCode).toBe(201);
  const res = await login(t, body.email, body.password);
  return { id: created.json().id as number, email: body.email, auth: { authorization: `Bearer ${res.json().access_token}` } };
}

describe('French readers', () => {
  it('get an OAuth error in French for a wrong password', async () => {
    const u = await registerInFrench();
    const res = await t.app.inject({ method: 'POST', url: '/oauth/access_token', headers: { 'accept-language': 'fr-BE' }, payload: { grant_type: 'password', username: u.email, password: 'mauvais1', client_id: 'web' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'L’adresse e-mail ou le mot de passe est incorrect.' });
  });

  it('get field errors and a missing route in French', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/password/forgot', headers: FR, payload: { email: 'pas-une-adresse' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual([{ field: 'email', message: 'Saisissez une adresse e-mail valide.' }]);
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: FR });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_description).toBe('Introuvable.');
  });

  it('are stored as French and get a French mail and push for an offer', async () => {
    const sender = await registerInFrench();
    const row = await t.handle.db.selectFrom('users').select('locale').where('id', '=', sender.id).executeTakeFirstOrThrow();
    expect(row.locale).toBe('fr');

    const shipmentId = await createShipment(t, sender.auth);
    const { referenceId } = await t.handle.db.selectFrom('shipments').select('referenceId').where('id', '=', shipmentId).executeTakeFirstOrThrow();
    await makeOffer(t, await createDriver(t), shipmentId, 100);
    await t.app.eventHub.flush();
    await t.app.mailWorker.run();

    const mail = t.mails.filter((m) => m.to === sender.email).at(-1)!;
    expect(mail.subject).toBe(`Nouvelle offre pour ${referenceId}`);
    expect(mail.text).toMatch(/^Bonjour,\n/);
    expect(mail.text).toMatch(/a fait une offre de 121,00\s€ pour votre mission/);
    expect(mail.text).toContain('Vous recevez ce mail car les notifications par mail sont activées.');

    const pushes = (await t.app.inject({ method: 'GET', url: '/api/pushes', headers: sender.auth })).json() as { items: { json_message: Record<string, string> }[] };
    expect(pushes.items[0]!.json_message.fr).toMatch(new RegExp(`^Nouvelle offre de Driver N\\. pour ${referenceId} : 121,00\\s€$`));
  });

  it('get the password reset mail in French', async () => {
    const u = await registerInFrench();
    await t.app.inject({ method: 'POST', url: '/api/password/forgot', headers: FR, payload: { email: u.email } });
    await t.app.passwordResets.settled();
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(u.email);
    expect(mail.subject).toBe('Réinitialiser votre mot de passe');
    expect(mail.text).toContain('Cliquez sur ce lien pour choisir un nouveau mot de passe.');
  });

  it('see the sandbox Bancontact page in French', async () => {
    const sender = await registerInFrench();
    const id = await createShipment(t, sender.auth);
    const offerId = await makeOffer(t, await createDriver(t), id, 100);
    const start = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}/bancontact`, headers: { ...sender.auth, ...FR }, payload: { return_path: `/jobs/${id}` } });
    expect(start.statusCode).toBe(200);
    const { reference_id } = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();
    const page = await t.app.inject({ method: 'GET', url: new URL(start.json().redirect_url).pathname, headers: FR });
    expect(page.body).toContain('<html lang="fr">');
    const visible = page.body.replace(/<[^>]+>/g, ' ');
    expect(visible).toContain('MODE TEST : aucun argent n’est débité');
    expect(visible).toContain(`Vrachtmarkt, mission ${reference_id}`);
    expect(visible).toMatch(/À payer :\s+121,00\s€/);
    expect(visible).toContain('Approuver le paiement');
    expect(visible).toContain('Refuser le paiement');
    expect(visible).not.toMatch(/\b(TESTMODUS|Betaling|betalen|opdracht)\b/);
  });

  it('read the tracking page’s places in French where both names exist', async () => {
    const sender = await registerInFrench();
    expect((await addCard(t, sender.auth)).statusCode).toBe(200);
    const pickup = shipmentSide({ lat: 50.6412, lng: 5.5718, street: 'Rue Léopold', zip: '4000', city: 'Luik' });
    const delivery = shipmentSide({ lat: 50.85045, lng: 4.34878, street: 'Nieuwstraat', zip: '1000', city: 'Brussel', date_from: brussels('2026-11-24', '09:00'), date_till: brussels('2026-11-25', '17:00') });
    const id = await createShipment(t, sender.auth, { pickup, delivery });
    const offerId = await makeOffer(t, await createDriver(t), id, 100);
    expect((await accept(t, sender.auth, id, offerId)).statusCode).toBe(200);
    const { token } = (await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/tracking`, headers: sender.auth })).json();
    const view = async (lang: string) => (await t.app.inject({ method: 'GET', url: `/api/tracking/${token}`, headers: { 'accept-language': lang } })).json();
    const fr = await view('fr-BE');
    expect([fr.pickup.city, fr.delivery.city]).toEqual(['Liège', 'Bruxelles']);
    const nl = await view('nl-BE');
    expect([nl.pickup.city, nl.delivery.city]).toEqual(['Luik', 'Brussel']);
  });
});
