import { createECDH, randomBytes } from 'node:crypto';
import { PUSH_KINDS } from '@vm/domain';
import sharp from 'sharp';
import { expect } from 'vitest';
import { sql } from 'kysely';
import { unzipSync } from 'fflate';
import { addVehicle, heavyTruck, uploadDocument } from '../helpers/driver-joining.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { answerDelivery, delivered } from '../helpers/held-money.ts';
import { accept, addCard, type Auth, brussels, createDriver, makeOffer, postShipment, shipmentContent, shipmentSide } from '../helpers/marketplace.ts';
import { multipart } from '../helpers/multipart.ts';
import type { TestApp } from '../helpers/test-app.ts';

// Issue 23 part 4: a sender who booked, chatted, paid, got an invoice and reported a problem, and
// the driver who carried the job (profile, vehicle, documents, proofs, positions, push), through the
// same calls the apps make; what no call fills (a box number, a refusal reason) is written by hand.

export type Person = { id: number; email: string; password: string; auth: Auth };

const jpeg = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e86c1' } }).jpeg().toBuffer();
const ok = (res: { statusCode: number; body: string }, status = 200) => expect(res.statusCode, res.body).toBe(status);

export async function bookedAndCarried(t: TestApp, names: { first: string; last: string }, answer: 'problem' | null = 'problem'): Promise<{ sender: Person & { cellphone: string }; driver: Person; shipmentId: number }> {
  const sender = await registerAndLogin(t, { first_name: names.first, last_name: names.last });
  const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: sender.auth })).json();
  ok(await t.app.inject({
    method: 'PUT',
    url: '/api/user',
    headers: sender.auth,
    payload: { first_name: me.first_name, last_name: me.last_name, cellphone: me.cellphone, birthday: me.birthday, address: me.address, company: { name: `${names.last} Meubelen BV`, vat: 'BE0403170701', address: 'Kerkstraat 12, 3500 Hasselt', email: `factuur.${sender.id}@example.be` } },
  }));
  const picture = multipart({ object: 'user', object_id: sender.id, attachments: [{ file: 'file', type: 'profile_picture' }] }, [{ field: 'file', filename: 'me.jpg', type: 'image/jpeg', data: await jpeg() }]);
  ok(await t.app.inject({ method: 'POST', url: '/api/attachment', payload: picture.payload, headers: { ...picture.headers, ...sender.auth } }), 201);
  ok(await addCard(t, sender.auth));

  const driver = await createDriver(t);
  ok(await addVehicle(t, driver.auth, heavyTruck({ plate: '2-prv-987', licence_number: 'EU-PRV-1' })), 201);
  ok(await uploadDocument(t, driver.auth, 'driving_licence', '2029-01-31'), 201);

  const content = shipmentContent({
    pickup: shipmentSide({ box: 'B2', name: `${names.first} ${names.last}`, notes: 'Sleutel bij de buren' }),
    delivery: shipmentSide({ lat: 50.85045, lng: 4.34878, street: 'Nieuwstraat', number: '1', box: '3C', zip: '1000', city: 'Brussel', name: 'Mevrouw Ontvanger', date_from: brussels('2026-11-23', '17:00'), date_till: brussels('2026-11-23', '22:00') }),
    packages: [{ type: 'small', description: 'Een staande lamp', notes: 'Breekbaar glas', photos: ['p1'] }],
  });
  const created = await postShipment(t, sender.auth, content, [{ field: 'p1', data: await jpeg() }]);
  ok(created, 201);
  const shipmentId = created.json().id as number;
  ok(await accept(t, sender.auth, shipmentId, await makeOffer(t, driver, shipmentId, 180)));
  ok(await t.app.inject({ method: 'POST', url: `/api/conversation/${shipmentId}`, headers: sender.auth, payload: { message: 'Bel je even als je er bent?' } }), 201);
  ok(await t.app.inject({ method: 'POST', url: `/api/driver/conversation/${shipmentId}`, headers: driver.auth, payload: { message: 'Ik ben er om tien uur.' } }), 201);
  ok(await t.app.inject({ method: 'POST', url: `/api/support/contact`, headers: sender.auth, payload: { name: `${names.first} ${names.last}`, email: sender.email, topic: 'payment', message: 'Is mijn betaling gelukt?', shipment_id: shipmentId } }), 201);
  await delivered(t, driver, shipmentId);
  const position = await t.app.inject({ method: 'POST', url: `/api/driver/shipment/${shipmentId}/location`, headers: driver.auth, payload: { lat: 50.9, lng: 4.7 } });
  expect(position.statusCode, position.body).toBeLessThan(300);
  if (answer === 'problem') {
    // Issue 23 part 1: the problem reported with a photo of the package, and the driver's answer with theirs.
    const packageId = (await t.app.inject({ method: 'GET', url: `/api/shipment/${shipmentId}`, headers: sender.auth })).json().packages[0].id as number;
    const report = multipart({ kind: 'damage', text: 'De lampenkap is gebarsten (prv)', packages: [{ package_id: packageId, photos: ['d1'] }] }, [{ field: 'd1', filename: 'd1.jpg', type: 'image/jpeg', data: await jpeg() }]);
    ok(await t.app.inject({ method: 'POST', url: `/api/shipment/${shipmentId}/problem`, payload: report.payload, headers: { ...report.headers, ...sender.auth } }), 201);
    const reply = multipart({ text: 'Bij het laden was de kap nog heel (prv)', photos: ['a1'] }, [{ field: 'a1', filename: 'a1.jpg', type: 'image/jpeg', data: await jpeg() }]);
    ok(await t.app.inject({ method: 'POST', url: `/api/driver/shipment/${shipmentId}/problem`, payload: reply.payload, headers: { ...reply.headers, ...driver.auth } }), 201);
  } else if (answer) ok(await answerDelivery(t, sender, shipmentId, answer));
  await t.app.invoices.settled();
  await t.app.invoices.issueDue();
  // A browser's subscription, with every kind off: nothing is sent to its (unreachable) push service.
  ok(await t.app.inject({ method: 'PUT', url: '/api/driver/push/settings', headers: driver.auth, payload: Object.fromEntries(PUSH_KINDS.map((k) => [k, false])) }));
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  ok(await t.app.inject({ method: 'POST', url: '/api/driver/push/subscriptions', headers: driver.auth, payload: { endpoint: `https://push.example.test/send/${driver.id}`, keys } }), 201);
  return { sender, driver: { ...driver, password: 'rijden123' }, shipmentId };
}

/** What no call of the apps fills (or a state the scenario does not reach), written by hand so every personal column holds a value. */
export async function fillTheRest(t: TestApp, sender: Person, driver: Person, shipmentId: number): Promise<void> {
  const db = t.handle.db;
  await sql`update users set address_formatted = ${`Kerkstraat 12, 3500 Hasselt (${sender.id})`} where id = ${sender.id}`.execute(db);
  await sql`update driver_profiles set company_name = 'Rijders Prv BV', company_number = '0403170701', vat = 'BE0403170701', refusal_reason = 'Rijbewijs onleesbaar (prv)' where user_id = ${driver.id}`.execute(db);
  await sql`insert into driver_cancellations (driver_id, shipment_id, reason, created_at) values (${driver.id}, ${shipmentId}, 'Panne aan de wagen (prv)', ${t.clock.now()})`.execute(db);
  await sql`insert into payouts (driver_id, amount_cents, iban, provider, status, created_at, updated_at) values (${driver.id}, 1000, 'BE71096123456769', 'sandbox', 'paid', ${t.clock.now()}, ${t.clock.now()})`.execute(db);
  await sql`update invoices set due_date = '2026-12-22', payment_communication = '+++090/9337/55493+++' where user_id = ${sender.id}`.execute(db);
  await sql`update proofs set condition = 'reservations', reservations = 'Kras op de voet (prv)' where shipment_id = ${shipmentId} and kind = 'delivery'`.execute(db);
  await sql`insert into social_identities (provider, subject, user_id, created_at) values ('oidc', ${`subject-prv-${sender.id}`}, ${sender.id}, ${t.clock.now()})`.execute(db);
  // Issue 23: staff's decision on the problem; a restriction of the driver with its lifting, a contest and a proposal.
  await sql`update problems set status = 'decided', outcome = 'refund', reason = 'Half terug: de kap was al gebarsten (prv)', decided_at = ${t.clock.now()} where shipment_id = ${shipmentId}`.execute(db);
  const staff = await sql<{ id: number }>`insert into staff (email, name, role, created_at) values (${`prv-${driver.id}@ops.test`}, 'Staff Prv', 'support', ${t.clock.now()}) returning id`.execute(db);
  const restriction = await sql<{ id: number }>`insert into user_restrictions (user_id, kind, reason, starts_at, created_by, lifted_at, lift_reason)
    values (${driver.id}, 'restrict', 'Drie ritten teruggegeven in een maand (prv)', ${t.clock.now()}, ${staff.rows[0]!.id}, ${t.clock.now()}, 'Uitleg aanvaard na bezwaar (prv)') returning id`.execute(db);
  await sql`insert into restriction_contests (restriction_id, text, created_at) values (${restriction.rows[0]!.id}, 'Mijn wagen stond in panne (prv)', ${t.clock.now()})`.execute(db);
  await sql`insert into restriction_proposals (user_id, kind, signal, count, window_days, created_at, status, decision_reason)
    values (${driver.id}, 'restrict', 'given_back', 3, 90, ${t.clock.now()}, 'declined', 'Panne, geen patroon (prv)')`.execute(db);
}

export async function exported(t: TestApp, who: Person): Promise<{ data: string; files: string[]; zip: Record<string, Uint8Array> }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/data-export', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  const zip = unzipSync(new Uint8Array(res.rawPayload));
  const data = new TextDecoder().decode(zip['data.json']);
  return { data, files: Object.keys(zip).filter((n) => n !== 'data.json'), zip };
}
