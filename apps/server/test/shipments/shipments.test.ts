import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerAndLogin } from '../helpers/flows.ts';
import { brussels, postShipment, shipmentContent, shipmentSide } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let sender: Awaited<ReturnType<typeof registerAndLogin>>;
beforeAll(async () => {
  t = await createTestApp();
  sender = await registerAndLogin(t);
});
afterAll(() => t.close());

// The test clock stands at 2026-11-22 10:00 UTC (11:00 in Brussels).
const s = brussels;
const side = shipmentSide;
const content = shipmentContent;
const jpeg = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#2980b9' } }).jpeg().toBuffer();

const create = (body: unknown, files: { field: string; data: Buffer }[] = [], auth = sender.auth) => postShipment(t, auth, body, files);
const fields = (res: { json: () => unknown }) => (res.json() as { field: string; message: string }[]).map((e) => `${e.field}: ${e.message}`);
const imageDirs = async () => (await fs.readdir(path.join(t.dataDir, 'files', 'images')).catch(() => [])).length;
const shipmentCount = async () => Number((await t.handle.db.selectFrom('shipments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /api/shipment', () => {
  it('creates a new shipment with its route, time zones, first state and photos', async () => {
    const body = content({ packages: [{ type: 'medium', description: 'Zetel', photos: ['photo0', 'photo1'] }] });
    const res = await create(body, [
      { field: 'photo0', data: await jpeg() },
      { field: 'photo1', data: await jpeg() },
    ]);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const got = await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth });
    expect(got.statusCode).toBe(200);
    const sh = got.json();
    expect(sh).toMatchObject({
      id,
      current_state: { state: 'new' },
      states: [{ state: 'new', created_at: Math.floor(t.clock.now().getTime() / 1000) }],
      pickup_timezone: 'Europe/Brussels',
      pickup_date_from: body.pickup.date_from,
      insurance: 'cmr',
      offers: [],
      accepted_offer: null,
      pickup_location: { lat: 50.93106, lng: 5.33781, address: { street: 'Kerkstraat', number: '12', zip: '3500', city: 'Hasselt', formatted: 'Kerkstraat 12, 3500 Hasselt' } },
      packages: [{ type: 'medium', description: 'Zetel', width: 100, height: 100, length: 200, weight: 500 }],
    });
    expect(sh.reference_id).toMatch(/^VM-[2-9A-Z]{8}$/);
    expect(sh.route.estimated).toBe(true);
    expect(sh.route.distance).toBeGreaterThan(80_000);
    expect(sh.packages[0].attachments).toHaveLength(2);
    const photo = await t.app.inject({ method: 'GET', url: sh.packages[0].attachments[0].image.thumb.url, headers: sender.auth });
    expect(photo.statusCode).toBe(200);
  });

  it('stores custom items with their own size, a euro pallet with its fixed footprint', async () => {
    const res = await create(
      content({
        packages: [
          { type: 'boxed', description: 'Dozen', width: 40, height: 40, length: 60, weight: 12, tags: ['breakable'] },
          { type: 'pallet', description: 'Tegels', width: 100, height: 120, length: 100, weight: 700, pallet_type: 'euro_pallet', must_be_traded: true, tags: ['pallet_exchange'] },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const sh = (await t.app.inject({ method: 'GET', url: `/api/shipment/${res.json().id}`, headers: sender.auth })).json();
    expect(sh.packages).toMatchObject([
      { type: 'boxed', width: 40, height: 40, length: 60, weight: 12, tags: ['breakable'] },
      { type: 'pallet', width: 80, length: 120, height: 120, weight: 700, pallet_type: 'euro_pallet', must_be_traded: true },
    ]);
  });

  const rejects: [string, Record<string, unknown>, string][] = [
    ['an address without a number', { pickup: side({ number: '' }) }, 'pickup.street: Het adres moet een volledig adres met straat en huisnummer zijn.'],
    ['missing pickup instructions', { pickup: side({ notes: ' ' }) }, 'pickup.notes: Dit veld is verplicht.'],
    ['an end before the start', { pickup: side({ date_till: s('2026-11-23', '07:00') }) }, 'pickup.date_till: De startdatum moet voor de einddatum liggen.'],
    ['a pickup on a past day', { pickup: side({ date_from: s('2026-11-21', '08:00'), date_till: s('2026-11-21', '17:00') }) }, 'pickup.date_from: De gekozen datum moet in de toekomst liggen.'],
    ['a delivery starting before the pickup', { delivery: side({ lat: 50.85, lng: 4.35, date_from: s('2026-11-23', '07:00'), date_till: s('2026-11-23', '09:00') }) }, 'delivery.date_from: De levering kan niet voor het ophalen beginnen.'],
    ['no package', { packages: [] }, ': Voeg minstens één pakket toe.'],
    ['a package without description', { packages: [{ type: 'small', description: '' }] }, 'packages.0.description: Dit veld is verplicht.'],
    ['a boxed item over the width limit', { packages: [{ type: 'boxed', description: 'x', width: 261, height: 10, length: 10, weight: 1 }] }, 'packages.0.width: Dit is meer dan het maximum voor dit type.'],
    ['a boxed item under 1 kg', { packages: [{ type: 'boxed', description: 'x', width: 10, height: 10, length: 10, weight: 0 }] }, 'packages.0.weight: Minimaal 1.'],
    ['a pallet without pallet type', { packages: [{ type: 'pallet', description: 'x', width: 80, height: 10, length: 120, weight: 1 }] }, 'packages.0.pallet_type: Dit veld is verplicht.'],
    ['an unknown insurance', { insurance: 'gold' }, 'insurance: Dit veld is verplicht.'],
    ['a time zone that does not fit the place', { pickup: side({ date_timezone: 'America/New_York' }) }, 'pickup.date_timezone: De tijdzone past niet bij dit adres.'],
    ['a photo field that was not uploaded', { packages: [{ type: 'small', description: 'x', photos: ['nope'] }] }, 'packages.0.photos: Voeg een bestand toe.'],
  ];
  for (const [name, over, expected] of rejects) {
    it(`rejects ${name}`, async () => {
      const before = await shipmentCount();
      const res = await create(content(over));
      expect(res.statusCode).toBe(400);
      expect(fields(res).map((f) => f.replace(/^packages: /, ': '))).toContain(expected);
      expect(await shipmentCount()).toBe(before);
    });
  }

  it('judges "today after 23:00" on the pickup zone clock', async () => {
    // 22:10 UTC = 23:10 in Brussels: a pickup window today is no longer possible there.
    t.clock.advance(12 * 3600 + 10 * 60);
    try {
      const fresh = (await login(t, sender.email, sender.password)).json();
      const res = await create(content({ pickup: side({ date_from: s('2026-11-22', '23:00'), date_till: s('2026-11-22', '23:59') }), delivery: side({ date_from: s('2026-11-23', '08:00'), date_till: s('2026-11-23', '17:00') }) }), [], { authorization: `Bearer ${fresh.access_token}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(fields(res)).toContain('pickup.date_from: De gekozen datum moet in de toekomst liggen.');
    } finally {
      t.clock.advance(-(12 * 3600 + 10 * 60));
    }
  });

  it('leaves no shipment and no file when one photo is bad', async () => {
    const beforeDirs = await imageDirs();
    const before = await shipmentCount();
    const res = await create(content({ packages: [{ type: 'medium', description: 'x', photos: ['good', 'bad'] }] }), [
      { field: 'good', data: await jpeg() },
      { field: 'bad', data: Buffer.from('this is not a picture') },
    ]);
    expect(res.statusCode).toBe(415);
    expect(await shipmentCount()).toBe(before);
    expect(await imageDirs()).toBe(beforeDirs);
  });

  it('leaves no file when the database write fails after the photos were stored', async () => {
    // A trigger makes the package insert fail inside the transaction, after the files were written.
    await sql`create or replace function test_fail_package() returns trigger language plpgsql as $$
      begin if new.description = 'explode' then raise exception 'test failure'; end if; return new; end $$`.execute(t.handle.db);
    await sql`create trigger test_fail_package before insert on packages for each row execute function test_fail_package()`.execute(t.handle.db);
    try {
      const beforeDirs = await imageDirs();
      const before = await shipmentCount();
      const imageRows = async () => (await t.handle.db.selectFrom('images').select('id').execute()).length;
      const beforeRows = await imageRows();
      const res = await create(content({ packages: [{ type: 'small', description: 'explode', photos: ['p'] }] }), [{ field: 'p', data: await jpeg() }]);
      expect(res.statusCode).toBe(500);
      expect(res.json().error_description).toBe('Er ging iets mis. Probeer het later opnieuw.');
      expect(await shipmentCount()).toBe(before);
      expect(await imageDirs()).toBe(beforeDirs);
      expect(await imageRows()).toBe(beforeRows);
    } finally {
      await sql`drop trigger test_fail_package on packages`.execute(t.handle.db);
    }
  });
});

describe('reading shipments', () => {
  it('answers 304 to a poll when the list did not change, and 200 with a new ETag when it did', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/shipment/sender', headers: sender.auth });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const same = await t.app.inject({ method: 'GET', url: '/api/shipment/sender', headers: { ...sender.auth, 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers['content-length']).toBeUndefined();
    await create(content());
    const changed = await t.app.inject({ method: 'GET', url: '/api/shipment/sender', headers: { ...sender.auth, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("lists only the sender's own shipments, newest first, and answers 404 for another sender's", async () => {
    const other = await registerAndLogin(t);
    const mine = (await create(content())).json().id;
    const theirs = (await create(content(), [], other.auth)).json().id;
    const list = (await t.app.inject({ method: 'GET', url: '/api/shipment/sender', headers: sender.auth })).json();
    expect(list.map((x: { id: number }) => x.id)).toContain(mine);
    expect(list.map((x: { id: number }) => x.id)).not.toContain(theirs);
    const res = await t.app.inject({ method: 'GET', url: `/api/shipment/${theirs}`, headers: sender.auth });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/shipment/999999', headers: sender.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/shipment/${mine}` })).statusCode).toBe(401);
  });
});

describe('cancel and insurance change', () => {
  const status = (id: number, state: string, auth = sender.auth) => t.app.inject({ method: 'POST', url: `/api/shipment/${id}/status`, payload: { state }, headers: auth });
  const insurance = (id: number, value: string, auth = sender.auth) => t.app.inject({ method: 'PUT', url: `/api/shipment/${id}`, payload: { id, insurance: value }, headers: auth });

  it('changes the insurance of a new shipment, then refuses once it is cancelled', async () => {
    const { id } = (await create(content())).json();
    const changed = await insurance(id, 'all_2500');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().insurance).toBe('all_2500');
    expect((await insurance(id, 'gold')).statusCode).toBe(400);

    const cancelled = await status(id, 'cancelled');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().current_state.state).toBe('cancelled');
    expect(cancelled.json().states.map((x: { state: string }) => x.state)).toEqual(['new', 'cancelled']);

    const locked = await insurance(id, 'free');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error_description).toBe('De verzekering kan niet meer gewijzigd worden: er is al een bod aanvaard of de opdracht is geannuleerd.');
    const again = await status(id, 'cancelled');
    expect(again.statusCode).toBe(409);
  });

  it('lets the sender set no other state', async () => {
    const { id } = (await create(content())).json();
    const res = await status(id, 'finalised');
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json().current_state.state).toBe('new');
  });

  it("answers 404 for another sender's shipment on both routes", async () => {
    const other = await registerAndLogin(t);
    const { id } = (await create(content())).json();
    expect((await status(id, 'cancelled', other.auth)).statusCode).toBe(404);
    expect((await insurance(id, 'free', other.auth)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json()).toMatchObject({ insurance: 'cmr', current_state: { state: 'new' } });
  });
});
